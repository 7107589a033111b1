import { describe, expect, it } from 'vitest';
import { joinBirthday, monthOptions, splitBirthday, yearOptions } from './birthday';

describe('birthday selects', () => {
  it('splits and joins a calendar date', () => {
    expect(splitBirthday('1985-03-09')).toEqual({ year: '1985', month: '3', day: '9' });
    expect(joinBirthday({ year: '1985', month: '3', day: '9' })).toBe('1985-03-09');
    expect(splitBirthday(null)).toEqual({ year: null, month: null, day: null });
  });

  it('answers null for nothing, incomplete for part, invalid for a day the month lacks', () => {
    expect(joinBirthday({ year: null, month: null, day: null })).toBeNull();
    expect(joinBirthday({ year: '1985', month: null, day: '9' })).toBe('incomplete');
    expect(joinBirthday({ year: '1985', month: '2', day: '29' })).toBe('invalid');
    expect(joinBirthday({ year: '1984', month: '2', day: '29' })).toBe('1984-02-29');
  });

  it('labels years in the Buddhist era for Thai, keeping Gregorian values', () => {
    const th = yearOptions('th', new Date('2026-06-01T00:00:00Z'));
    expect(th[0]).toEqual({ value: '2026', label: '2569' });
    expect(th).toHaveLength(101);
    expect(yearOptions('en', new Date('2026-06-01T00:00:00Z'))[0]).toEqual({ value: '2026', label: '2026' });
  });

  it('names the months in the reader language', () => {
    expect(monthOptions('th')[0]!.label).toBe('มกราคม');
    expect(monthOptions('en')[11]!.label).toBe('December');
  });
});
