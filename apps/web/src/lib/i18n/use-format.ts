import { formatDate } from './dates';
import { formatCount, formatPoints } from './numbers';
import { useLang } from './use-lang';

/**
 * Dates, counts and money in the reader's language, for display only: Thai dates in the Buddhist era
 * ("12 มี.ค. 2569"), money as the decimal string it travels as, grouped with two decimals
 * ("1,250.00"). A missing value is a dash.
 */
export function useFormat() {
  const lang = useLang();
  return {
    lang,
    /** "2026-03-12" or an instant → "12 มี.ค. 2569" / "12 Mar 2026" (the business day's). */
    day: (date: string | null | undefined) => (date ? formatDate(date, lang, 'date') : '–'),
    /** → "12 มีนาคม 2569" / "12 March 2026". */
    longDay: (date: string | null | undefined) => (date ? formatDate(date, lang, 'long') : '–'),
    /** An instant with its Bangkok time: "12 มี.ค. 2569 14:05". */
    instant: (iso: string | null | undefined) => (iso ? formatDate(iso, lang, 'dateTime') : '–'),
    /** "2026-03" or "2026-03-01" → "มีนาคม 2569" / "March 2026". */
    month: (month: string) => formatDate(`${month.slice(0, 7)}-01`, lang, 'long').replace(/^1 /, ''),
    year: (year: number) => String(lang === 'th' ? year + 543 : year),
    count: (n: number | null | undefined) => (n === null || n === undefined ? '–' : formatCount(n, lang)),
    money: (v: string | null | undefined) => formatPoints(v, lang),
  };
}
