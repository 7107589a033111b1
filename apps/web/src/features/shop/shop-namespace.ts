import th from '../../locales/th/shop.json';
import en from '../../locales/en/shop.json';
import { i18n } from '../../lib/i18n/i18n';

// Only the shop's pages need these texts, so they ship with its chunks (like the profile's).
if (!i18n.hasResourceBundle('th', 'shop')) {
  i18n.addResourceBundle('th', 'shop', th);
  i18n.addResourceBundle('en', 'shop', en);
}

export const SHOP_NS = 'shop';
