import th from '../../../locales/th/passkeys.json';
import en from '../../../locales/en/passkeys.json';
import { i18n } from '../../../lib/i18n/i18n';

// Only the settings page's passkey card needs these texts, so they ship with its chunk.
if (!i18n.hasResourceBundle('th', 'passkeys')) {
  i18n.addResourceBundle('th', 'passkeys', th);
  i18n.addResourceBundle('en', 'passkeys', en);
}
