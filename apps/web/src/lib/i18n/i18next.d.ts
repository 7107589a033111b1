import type { PortalNamespaces } from './portal-namespaces';
import type { resources } from './resources';
import type dashboard from '../../locales/th/dashboard.json';
import type engine from '../../locales/th/engine.json';
import type legal from '../../locales/th/legal.json';
import type manuals from '../../locales/th/manuals.json';
import type organization from '../../locales/th/organization.json';
import type passkeys from '../../locales/th/passkeys.json';
import type profile from '../../locales/th/profile.json';
import type publicPages from '../../locales/th/public.json';
import type reports from '../../locales/th/reports.json';
import type settings from '../../locales/th/settings.json';
import type share from '../../locales/th/share.json';
import type shop from '../../locales/th/shop.json';
import type staff from '../../locales/th/staff.json';
import type staffhome from '../../locales/th/staffhome.json';
import type staffshop from '../../locales/th/staffshop.json';
import type statements from '../../locales/th/statements.json';
import type wallet from '../../locales/th/wallet.json';

// Typed keys: a t('...') call with a key missing from the Thai files fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['th'] &
      PortalNamespaces & {
        dashboard: typeof dashboard;
        engine: typeof engine;
        legal: typeof legal;
        manuals: typeof manuals;
        organization: typeof organization;
        passkeys: typeof passkeys;
        profile: typeof profile;
        public: typeof publicPages;
        reports: typeof reports;
        settings: typeof settings;
        share: typeof share;
        shop: typeof shop;
        staff: typeof staff;
        staffhome: typeof staffhome;
        staffshop: typeof staffshop;
        statements: typeof statements;
        wallet: typeof wallet;
      };
  }
}
