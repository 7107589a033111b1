import th from '../../locales/th/reports.json';
import en from '../../locales/en/reports.json';
import { i18n } from '../../lib/i18n/i18n';

// Only the report pages need these texts, so they ship with their chunks. Importing this module
// registers them.
if (!i18n.hasResourceBundle('th', 'reports')) {
  i18n.addResourceBundle('th', 'reports', th);
  i18n.addResourceBundle('en', 'reports', en);
}

export const REPORTS_NS = 'reports';
