import th from '../../locales/th/profile.json';
import en from '../../locales/en/profile.json';
import { i18n } from './i18n';

// Only the profile pages need these texts, so they ship with their chunks instead of with the
// sign-in bundle (like the legal texts). Importing this module registers them.
if (!i18n.hasResourceBundle('th', 'profile')) {
  i18n.addResourceBundle('th', 'profile', th);
  i18n.addResourceBundle('en', 'profile', en);
}

export const PROFILE_NS = 'profile';
