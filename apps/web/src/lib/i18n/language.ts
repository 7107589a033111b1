import { apiRequest } from '../http/client';
import { sessionStore } from '../auth/session-store';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  setCurrentLanguage,
  storedLanguage,
  storeLanguage,
  type Language,
} from '../preferences';
import { i18n } from './i18n';

/** The language to start with: the stored choice, else Thai (spec: default th). */
export function initialLanguage(): Language {
  return storedLanguage() ?? DEFAULT_LANGUAGE;
}

/**
 * Switches the UI: i18next, `<html lang>` and the value the HTTP client sends the shop. Dates take
 * the language with each call (lib/i18n/dates.ts), so dayjs stays out of the first script.
 */
export function applyLanguage(lang: Language): void {
  setCurrentLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  if (i18n.isInitialized && i18n.language !== lang) void i18n.changeLanguage(lang);
}

/** The member picked a language: remember it here and, when signed in, on their account. */
export function chooseLanguage(lang: Language): void {
  applyLanguage(lang);
  storeLanguage(lang);
  const { user } = sessionStore.get();
  if (user && user.language !== lang) {
    sessionStore.setUser({ ...user, language: lang });
    apiRequest('/v1/me', { method: 'PUT', body: { language: lang } }).catch(() => {
      // Not worth an error message: the choice still applies in this browser.
    });
  }
}

/** After sign-in, follow the account's language unless this browser already has a choice. */
export function adoptUserLanguage(lang: unknown): void {
  if (!storedLanguage() && isLanguage(lang)) applyLanguage(lang);
}
