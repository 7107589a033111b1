import th from '../../locales/th/dashboard.json';
import en from '../../locales/en/dashboard.json';
import { i18n } from '../../lib/i18n/i18n';

// Only the dashboard needs these texts, so they ship with its chunk instead of with the sign-in
// bundle (like the organization page's). Importing this module registers them.
if (!i18n.hasResourceBundle('th', 'dashboard')) {
  i18n.addResourceBundle('th', 'dashboard', th);
  i18n.addResourceBundle('en', 'dashboard', en);
}

export const DASHBOARD_NS = 'dashboard';
