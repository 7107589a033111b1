/**
 * The only thing the portal keeps in the browser: the language choice (DESIGN 5).
 * Everything personal lives in memory or in the HttpOnly refresh cookie.
 */
export const LANGUAGES = ['th', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'th';
const LANG_KEY = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some privacy modes throw on access; the portal still works, it just forgets the choice.
    return null;
  }
}

export function storedLanguage(): Language | null {
  const value = storage()?.getItem(LANG_KEY);
  return isLanguage(value) ? value : null;
}

export function storeLanguage(lang: Language): void {
  storage()?.setItem(LANG_KEY, lang);
}

/**
 * Logout clears all browser storage. The language is not personal data, so it is written
 * back: a member who chose English should not be flipped to Thai by signing out.
 */
export function clearBrowserStorage(): void {
  const lang = storedLanguage();
  storage()?.clear();
  try {
    sessionStorage.clear();
  } catch {
    // nothing stored there to lose
  }
  if (lang) storeLanguage(lang);
}

let language: Language = DEFAULT_LANGUAGE;

/** The current UI language, readable without i18next (the HTTP client sends it to the shop). */
export function currentLanguage(): Language {
  return language;
}

export function setCurrentLanguage(lang: Language): void {
  language = lang;
}
