import thCommon from '../../locales/th/common.json';
import thValidation from '../../locales/th/validation.json';
import thErrors from '../../locales/th/errors.json';
import thAuth from '../../locales/th/auth.json';
import thShell from '../../locales/th/shell.json';
import thNotifications from '../../locales/th/notifications.json';
import thAccount from '../../locales/th/account.json';
import enCommon from '../../locales/en/common.json';
import enValidation from '../../locales/en/validation.json';
import enErrors from '../../locales/en/errors.json';
import enAuth from '../../locales/en/auth.json';
import enShell from '../../locales/en/shell.json';
import enNotifications from '../../locales/en/notifications.json';
import enAccount from '../../locales/en/account.json';

/**
 * Namespaces bundled with the app. The long legal texts (namespace `legal`), the organization
 * page's texts (`organization`), the dashboard's (`dashboard`) and every other page's are loaded
 * with their pages instead, to keep them out of the sign-in page's JavaScript (issue 11: ≤ 150 kB).
 */
export const resources = {
  th: {
    common: thCommon,
    validation: thValidation,
    errors: thErrors,
    auth: thAuth,
    shell: thShell,
    notifications: thNotifications,
    account: thAccount,
  },
  en: {
    common: enCommon,
    validation: enValidation,
    errors: enErrors,
    auth: enAuth,
    shell: enShell,
    notifications: enNotifications,
    account: enAccount,
  },
} as const;

export const BUNDLED_NAMESPACES = Object.keys(resources.th) as (keyof typeof resources.th)[];
