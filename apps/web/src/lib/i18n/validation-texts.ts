import th from '../../locales/th/validation.json';
import en from '../../locales/en/validation.json';
import { i18n } from './i18n';

// The field messages (namespace `validation`, keyed by the contracts' MSG). Shown only once a form
// has been checked, so they load with the sign-in page's rules (when the visitor first focuses the
// form) and with every other page (portal-namespaces.ts), not in the first script (issue 24).
// Import it after i18next has started (main.tsx), like every namespace module.
for (const [lang, texts] of Object.entries({ th, en })) {
  if (!i18n.hasResourceBundle(lang, 'validation')) i18n.addResourceBundle(lang, 'validation', texts);
}
