import th from '../../../locales/th/manuals.json';
import en from '../../../locales/en/manuals.json';
import { i18n } from '../../../lib/i18n/i18n';

// The manuals are long and only their pages need them; importing this module registers them.
if (!i18n.hasResourceBundle('th', 'manuals')) {
  i18n.addResourceBundle('th', 'manuals', th);
  i18n.addResourceBundle('en', 'manuals', en);
}

export const MANUALS_NS = 'manuals';
