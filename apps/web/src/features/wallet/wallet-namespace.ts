import th from '../../locales/th/wallet.json';
import en from '../../locales/en/wallet.json';
import { i18n } from '../../lib/i18n/i18n';

// Only the wallet page needs these texts, so they ship with its chunk. Importing this registers them.
if (!i18n.hasResourceBundle('th', 'wallet')) {
  i18n.addResourceBundle('th', 'wallet', th);
  i18n.addResourceBundle('en', 'wallet', en);
}
