import { describe, expect, it } from 'vitest';
import { groupAccountNo } from '@portal/contracts/banks';
import { caretAfterDigits, digitsBefore, groupAccountNoInput, regroupWithCaret } from './account-number';

describe('account number grouping as typed', () => {
  it('groups up to ten digits like a Thai bank book', () => {
    expect(groupAccountNoInput('')).toBe('');
    expect(groupAccountNoInput('1')).toBe('1');
    expect(groupAccountNoInput('123')).toBe('123');
    expect(groupAccountNoInput('1234')).toBe('123-4');
    expect(groupAccountNoInput('12345')).toBe('123-4-5');
    expect(groupAccountNoInput('123456789')).toBe('123-4-56789');
    expect(groupAccountNoInput('1234567890')).toBe('123-4-56789-0');
  });

  it('groups longer numbers in threes', () => {
    expect(groupAccountNoInput('12345678901')).toBe('123-456-789-01');
    expect(groupAccountNoInput('123456789012345')).toBe('123-456-789-012-345');
  });

  it('drops anything but digits and stops at fifteen digits', () => {
    expect(groupAccountNoInput('123 4-56789/0')).toBe('123-4-56789-0');
    expect(groupAccountNoInput('abc')).toBe('');
    expect(groupAccountNoInput('1234567890123456789')).toBe('123-456-789-012-345');
  });

  it('agrees with the server display once complete', () => {
    for (const digits of ['1234567890', '12345678901', '123456789012', '123456789012345'])
      expect(groupAccountNoInput(digits)).toBe(groupAccountNo(digits));
  });

  it('keeps the caret after the same digit', () => {
    expect(digitsBefore('123-4-5', 5)).toBe(4);
    expect(caretAfterDigits('123-4-56', 4)).toBe(5);
    expect(caretAfterDigits('123-4-56', 0)).toBe(0);
    expect(caretAfterDigits('123', 9)).toBe(3);
    // typing "9" after the 3rd digit of "123-4-5"
    expect(regroupWithCaret('1239-4-5', 4)).toEqual({ value: '123-9-45', caret: 5 });
    // deleting the dash before the "4" leaves the digits as they were
    expect(regroupWithCaret('1234-5', 3)).toEqual({ value: '123-4-5', caret: 3 });
  });
});
