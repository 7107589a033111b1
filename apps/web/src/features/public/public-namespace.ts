import th from '../../locales/th/public.json';
import en from '../../locales/en/public.json';
import { i18n } from '../../lib/i18n/i18n';

// The public pages' texts ship with those pages, not with the sign-in page. Importing this module
// registers them.
if (!i18n.hasResourceBundle('th', 'public')) {
  i18n.addResourceBundle('th', 'public', th);
  i18n.addResourceBundle('en', 'public', en);
}

export const PUBLIC_NS = 'public';
