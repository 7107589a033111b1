import th from '../../locales/th/staffhome.json';
import en from '../../locales/en/staffhome.json';
import { i18n } from '../../lib/i18n/i18n';

// Only the staff home needs these texts, so they ship with its chunk.
if (!i18n.hasResourceBundle('th', 'staffhome')) {
  i18n.addResourceBundle('th', 'staffhome', th);
  i18n.addResourceBundle('en', 'staffhome', en);
}
