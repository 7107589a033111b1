import type { Language } from '../../../lib/preferences';

const LOCALES: Record<Language, string> = { th: 'th-TH', en: 'en-US' };

/** The name of a weekday (0 = Sunday … 6 = Saturday) in the reader's language. */
export function weekdayName(day: number, lang: Language): string {
  // 7 January 2024 was a Sunday.
  return new Intl.DateTimeFormat(LOCALES[lang], { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 7 + day)),
  );
}
