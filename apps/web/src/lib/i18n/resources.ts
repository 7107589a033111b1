import thCommon from '../../locales/th/common.json';
import thErrors from '../../locales/th/errors.json';
import thAuth from '../../locales/th/auth.json';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enAuth from '../../locales/en/auth.json';

/**
 * Namespaces bundled with the app: what the sign-in page and the error pages say. The field
 * messages (validation-texts.ts) come with the sign-in rules and with every other page, the
 * shell's, the notifications' and the account's texts with every other page (portal-namespaces.ts,
 * loaded by the query layout), and each page's own texts with its chunk, to keep them out of the
 * sign-in page's JavaScript (issues 11 and 24, decision 015).
 */
export const resources = {
  th: {
    common: thCommon,
    errors: thErrors,
    auth: thAuth,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    auth: enAuth,
  },
} as const;

export const BUNDLED_NAMESPACES = Object.keys(resources.th) as (keyof typeof resources.th)[];
