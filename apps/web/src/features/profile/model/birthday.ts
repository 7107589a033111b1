import dayjs from 'dayjs';
import 'dayjs/locale/th';
import type { Language } from '../../../lib/preferences';

/** The birthday as three selects: Thai readers pick a Buddhist-era year (the value stays Gregorian). */
export interface BirthdayParts {
  day: string | null;
  month: string | null;
  year: string | null;
}

export function splitBirthday(value: string | null | undefined): BirthdayParts {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return { day: null, month: null, year: null };
  return { year: String(Number(m[1])), month: String(Number(m[2])), day: String(Number(m[3])) };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 'YYYY-MM-DD', null when nothing is chosen, 'incomplete' or 'invalid' otherwise. */
export function joinBirthday(p: BirthdayParts): string | null | 'incomplete' | 'invalid' {
  const given = [p.day, p.month, p.year].filter((v) => v !== null && v !== '');
  if (given.length === 0) return null;
  if (given.length < 3) return 'incomplete';
  const y = Number(p.year);
  const mo = Number(p.month);
  const d = Number(p.day);
  if (!Number.isInteger(y) || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return 'invalid';
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function dayOptions() {
  return Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
}

export function monthOptions(lang: Language) {
  return Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: dayjs().locale(lang).month(i).date(1).format('MMMM'),
  }));
}

/** The last 100 years, newest first; a Thai label is the Buddhist-era year (2569 for 2026). */
export function yearOptions(lang: Language, now = new Date()) {
  const current = now.getFullYear();
  return Array.from({ length: 101 }, (_, i) => {
    const year = current - i;
    return { value: String(year), label: String(lang === 'th' ? year + 543 : year) };
  });
}
