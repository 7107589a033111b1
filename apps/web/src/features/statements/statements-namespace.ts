import th from '../../locales/th/statements.json';
import en from '../../locales/en/statements.json';
import { i18n } from '../../lib/i18n/i18n';

// Only the hold points, canceled orders and statements pages need these texts, so they ship with
// their chunks instead of with the sign-in bundle (like the engine desk's). Importing this registers them.
if (!i18n.hasResourceBundle('th', 'statements')) {
  i18n.addResourceBundle('th', 'statements', th);
  i18n.addResourceBundle('en', 'statements', en);
}
