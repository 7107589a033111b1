import th from '../../locales/th/settings.json';
import en from '../../locales/en/settings.json';
import { i18n } from '../../lib/i18n/i18n';

// Only the settings pages need these texts, so they ship with their chunks instead of with the
// sign-in bundle (like the legal texts). Importing this module registers them.
if (!i18n.hasResourceBundle('th', 'settings')) {
  i18n.addResourceBundle('th', 'settings', th);
  i18n.addResourceBundle('en', 'settings', en);
}

export const SETTINGS_NS = 'settings';
