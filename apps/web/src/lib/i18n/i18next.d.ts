import type { resources } from './resources';
import type legal from '../../locales/th/legal.json';

// Typed keys: a t('...') call with a key missing from the Thai files fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['th'] & { legal: typeof legal };
  }
}
