import { describe, expect, it } from 'vitest';
import { readTop, withTop } from './search-params';

describe('readTop', () => {
  it.each([
    ['top=42', 42],
    ['top=1&x=2', 1],
    ['', null],
    ['top=', null],
    ['top=0', null],
    ['top=-3', null],
    ['top=1.5', null],
    ['top=abc', null],
    ['top=%2012', null],
    ['top=007', null],
    ['top=99999999999999999', null],
  ])('?%s → %s', (search, expected) => {
    expect(readTop(new URLSearchParams(search))).toBe(expected);
  });
});

describe('withTop', () => {
  it('sets the top and keeps other parameters', () => {
    expect(withTop(new URLSearchParams('x=1'), 7, 1).toString()).toBe('x=1&top=7');
  });

  it('removes the parameter for the member themselves or no top', () => {
    expect(withTop(new URLSearchParams('top=7'), 1, 1).toString()).toBe('');
    expect(withTop(new URLSearchParams('top=7&x=1'), null, 1).toString()).toBe('x=1');
  });
});
