import { describe, expect, it } from 'vitest';
import { formatCount, formatPoints } from './numbers';

describe('formatPoints', () => {
  it('groups and keeps two decimals without going through a float', () => {
    expect(formatPoints('47598.95', 'en')).toBe('47,598.95');
    expect(formatPoints('0', 'th')).toBe('0.00');
    // A float would print 12345678901234568.00 here.
    expect(formatPoints('12345678901234567.95', 'en')).toBe('12,345,678,901,234,567.95');
  });

  it('shows a dash for a missing value and leaves a non-number alone', () => {
    expect(formatPoints(null, 'th')).toBe('–');
    expect(formatPoints('n/a', 'en')).toBe('n/a');
  });
});

describe('formatCount', () => {
  it('groups thousands in both languages', () => {
    expect(formatCount(1234567, 'th')).toBe('1,234,567');
    expect(formatCount(5, 'en')).toBe('5');
  });
});
