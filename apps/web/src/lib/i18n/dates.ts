import dayjs from 'dayjs';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/th';
import type { Language } from '../preferences';

dayjs.extend(utc);
dayjs.extend(buddhistEra);

/**
 * Dates travel in UTC; the business day is Bangkok's (docs/plan.md section 0). Thailand has kept UTC+7,
 * without daylight saving, since 1920: a fixed offset gives the same wall time as the Asia/Bangkok zone
 * for every date the portal shows, at a sixth of the cost (dayjs's timezone plugin builds its answer
 * through Intl on every call; a dashboard formats a hundred dates, each ~1 ms on a slow phone).
 */
export const BUSINESS_UTC_OFFSET_MINUTES = 7 * 60;

export type DateStyle = 'date' | 'dateTime' | 'long';

// Thai readers expect Buddhist-era years (2569); BBBB is the buddhistEra plugin's year token.
const FORMATS: Record<Language, Record<DateStyle, string>> = {
  th: { date: 'D MMM BBBB', dateTime: 'D MMM BBBB HH:mm', long: 'D MMMM BBBB' },
  en: { date: 'D MMM YYYY', dateTime: 'D MMM YYYY HH:mm', long: 'D MMMM YYYY' },
};

export function formatDate(
  value: string | number | Date | null | undefined,
  lang: Language,
  style: DateStyle = 'date',
): string {
  if (value === null || value === undefined || value === '') return '';
  // A calendar date (a birthday) has no time zone: shifting it would move it to another day.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = dayjs(value);
    return day.isValid() ? day.locale(lang).format(FORMATS[lang][style === 'dateTime' ? 'date' : style]) : '';
  }
  const date = dayjs(value);
  if (!date.isValid()) return '';
  return date.utcOffset(BUSINESS_UTC_OFFSET_MINUTES).locale(lang).format(FORMATS[lang][style]);
}
