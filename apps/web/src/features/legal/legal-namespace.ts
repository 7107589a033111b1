import th from '../../locales/th/legal.json';
import en from '../../locales/en/legal.json';
import { i18n } from '../../lib/i18n/i18n';

// The legal texts are long and only these pages need them, so they ship with these pages
// instead of with the sign-in bundle. Importing this module registers them.
if (!i18n.hasResourceBundle('th', 'legal')) {
  i18n.addResourceBundle('th', 'legal', th);
  i18n.addResourceBundle('en', 'legal', en);
}

export const LEGAL_NS = 'legal';
