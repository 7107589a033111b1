import th from '../../locales/th/staff.json';
import en from '../../locales/en/staff.json';
import { i18n } from '../../lib/i18n/i18n';

// Only the staff pages need these texts, so they ship with their chunks instead of with the
// sign-in bundle (like the legal texts). Importing this module registers them.
if (!i18n.hasResourceBundle('th', 'staff')) {
  i18n.addResourceBundle('th', 'staff', th);
  i18n.addResourceBundle('en', 'staff', en);
}

export const STAFF_NS = 'staff';
