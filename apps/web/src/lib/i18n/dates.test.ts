import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  it('shows Buddhist-era years with Thai month names in Thai', () => {
    expect(formatDate('2026-11-20T05:00:00Z', 'th')).toBe('20 พ.ย. 2569');
    expect(formatDate('2026-11-20T05:00:00Z', 'th', 'long')).toBe('20 พฤศจิกายน 2569');
  });

  it('shows Gregorian years in English', () => {
    expect(formatDate('2026-11-20T05:00:00Z', 'en')).toBe('20 Nov 2026');
    expect(formatDate('2026-11-20T05:00:00Z', 'en', 'long')).toBe('20 November 2026');
  });

  it('uses the Bangkok business day, whatever the machine time zone', () => {
    // 20:30 UTC on 31 Dec is already 1 January in Bangkok (UTC+7).
    expect(formatDate('2026-12-31T20:30:00Z', 'th')).toBe('1 ม.ค. 2570');
    expect(formatDate('2026-12-31T20:30:00Z', 'en', 'dateTime')).toBe('1 Jan 2027 03:30');
    expect(formatDate('2026-11-20T05:00:00Z', 'th', 'dateTime')).toBe('20 พ.ย. 2569 12:00');
  });

  it('keeps a calendar date (a birthday) on its day', () => {
    expect(formatDate('1990-01-01', 'th')).toBe('1 ม.ค. 2533');
    expect(formatDate('1990-01-01', 'en', 'dateTime')).toBe('1 Jan 1990');
  });

  it('accepts Date objects and epoch milliseconds', () => {
    const at = Date.UTC(2026, 10, 20, 5);
    expect(formatDate(at, 'en')).toBe('20 Nov 2026');
    expect(formatDate(new Date(at), 'th')).toBe('20 พ.ย. 2569');
  });

  it('gives an empty string for missing or invalid values', () => {
    expect(formatDate(null, 'th')).toBe('');
    expect(formatDate(undefined, 'en')).toBe('');
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('not a date', 'th')).toBe('');
  });

  it('does not leak one call locale into the next', () => {
    formatDate('2026-11-20T05:00:00Z', 'th');
    expect(formatDate('2026-11-20T05:00:00Z', 'en')).toBe('20 Nov 2026');
  });
});
