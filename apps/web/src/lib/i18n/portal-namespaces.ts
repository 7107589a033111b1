import thShell from '../../locales/th/shell.json';
import thNotifications from '../../locales/th/notifications.json';
import thAccount from '../../locales/th/account.json';
import type thValidation from '../../locales/th/validation.json';
import enShell from '../../locales/en/shell.json';
import enNotifications from '../../locales/en/notifications.json';
import enAccount from '../../locales/en/account.json';
import { i18n } from './i18n';
import './validation-texts';

// The texts of the portal around its pages (the shell: navigation, user menu, banners), of the
// notifications and account pages, and the field messages (validation-texts.ts). Every page but the sign-in page needs them, so the query layout
// (around all those pages) imports this module, which registers them; the sign-in page's first
// script goes without them (issue 24).
const bundles = {
  th: { shell: thShell, notifications: thNotifications, account: thAccount },
  en: { shell: enShell, notifications: enNotifications, account: enAccount },
};
for (const [lang, namespaces] of Object.entries(bundles)) {
  for (const [ns, texts] of Object.entries(namespaces)) {
    if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, texts);
  }
}

export type PortalNamespaces = (typeof bundles)['th'] & { validation: typeof thValidation };
