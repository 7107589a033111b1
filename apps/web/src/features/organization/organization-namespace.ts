import th from '../../locales/th/organization.json';
import en from '../../locales/en/organization.json';
import { i18n } from '../../lib/i18n/i18n';

// Only the organization page needs these texts, so they ship with its chunk instead of with the
// sign-in bundle (like the legal texts). Importing this module registers them.
if (!i18n.hasResourceBundle('th', 'organization')) {
  i18n.addResourceBundle('th', 'organization', th);
  i18n.addResourceBundle('en', 'organization', en);
}

export const ORGANIZATION_NS = 'organization';
