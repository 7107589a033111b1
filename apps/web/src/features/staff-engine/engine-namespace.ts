import th from '../../locales/th/engine.json';
import en from '../../locales/en/engine.json';
import { i18n } from '../../lib/i18n/i18n';

// Only the engine desk's pages need these texts, so they ship with their chunks instead of with the
// sign-in bundle (like the KYC desk's). Importing this module registers them.
if (!i18n.hasResourceBundle('th', 'engine')) {
  i18n.addResourceBundle('th', 'engine', th);
  i18n.addResourceBundle('en', 'engine', en);
}

export const ENGINE_NS = 'engine';
