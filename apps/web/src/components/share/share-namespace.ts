import th from '../../locales/th/share.json';
import en from '../../locales/en/share.json';
import { i18n } from '../../lib/i18n/i18n';

// Only the pages that share a link (the dashboard's invitation, the community shop) need these
// texts, so they ship with those chunks. Importing this module registers them.
if (!i18n.hasResourceBundle('th', 'share')) {
  i18n.addResourceBundle('th', 'share', th);
  i18n.addResourceBundle('en', 'share', en);
}

export const SHARE_NS = 'share';
