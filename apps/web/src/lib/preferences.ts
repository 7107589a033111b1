/**
 * What the portal keeps in the browser: the language choice (README, Conventions) and which notices of the
 * top bar were read (their keys, no personal data). Everything personal lives in memory or in the
 * HttpOnly refresh cookie.
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

const READ_KEY = 'notices-read';
/** At most this many read notices are remembered (the oldest forgotten first). */
const READ_LIMIT = 50;

function readNotices(): string[] {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(READ_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** Has the notice with this key (one message) been opened in this browser? */
export function isNoticeRead(key: string): boolean {
  return readNotices().includes(key);
}

export function markNoticeRead(key: string): void {
  const keys = readNotices().filter((k) => k !== key);
  keys.push(key);
  storage()?.setItem(READ_KEY, JSON.stringify(keys.slice(-READ_LIMIT)));
}

/**
 * Logout clears all browser storage (the read notices too: the next member starts afresh). The language is not personal data, so it is written
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
