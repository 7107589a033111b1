import fc from 'fast-check';
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

  it('shows the wall time of the Asia/Bangkok zone for any instant from 1921 to 2200', () => {
    // The fixed UTC+7 stands for the zone (no daylight saving since 1920): Intl's own answer is the judge.
    const bangkok = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Bangkok',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const from = Date.UTC(1921, 0, 1);
    const to = Date.UTC(2200, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: from / 60_000, max: to / 60_000 }), (minutes) => {
        const at = minutes * 60_000;
        const parts = Object.fromEntries(bangkok.formatToParts(at).map((p) => [p.type, p.value]));
        const expected = `${Number(parts.day)} ${parts.month} ${parts.year} ${parts.hour}:${parts.minute}`;
        expect(formatDate(at, 'en', 'dateTime')).toBe(expected);
      }),
      { numRuns: 500 },
    );
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
