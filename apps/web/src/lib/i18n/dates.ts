import dayjs from 'dayjs';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/th';
import type { Language } from '../preferences';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(buddhistEra);

/** Dates travel in UTC; the business day is Bangkok's (docs/plan.md section 0). */
export const BUSINESS_TIME_ZONE = 'Asia/Bangkok';

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
  return date.tz(BUSINESS_TIME_ZONE).locale(lang).format(FORMATS[lang][style]);
}
