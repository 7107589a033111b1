import th from '../../locales/th/staffshop.json';
import en from '../../locales/en/staffshop.json';
import { i18n } from '../../lib/i18n/i18n';

// Only the shop's staff desk needs these texts, so they ship with its chunks.
if (!i18n.hasResourceBundle('th', 'staffshop')) {
  i18n.addResourceBundle('th', 'staffshop', th);
  i18n.addResourceBundle('en', 'staffshop', en);
}
