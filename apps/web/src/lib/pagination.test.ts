import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination';

describe('pageWindow', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 1, 5)).toEqual([1]);
    expect(pageWindow(2, 3, 5)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres the current page in five links', () => {
    expect(pageWindow(6, 20, 5)).toEqual([4, 5, 6, 7, 8]);
  });

  it('stays inside the first and last pages', () => {
    expect(pageWindow(1, 20, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 7, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(20, 20, 5)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(7, 7, 5)).toEqual([3, 4, 5, 6, 7]);
  });

  it('never shows more than five numbers', () => {
    for (let total = 1; total <= 12; total++) {
      for (let page = 1; page <= total; page++)
        expect(pageWindow(page, total, 5).length).toBeLessThanOrEqual(5);
    }
  });

  it('clamps an out-of-range page and handles no pages', () => {
    expect(pageWindow(99, 8, 5)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(0, 8, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 0, 5)).toEqual([]);
  });
});
