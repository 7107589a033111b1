import { describe, expect, it } from 'vitest';
import { ELLIPSIS, graphemes, truncateToWidth } from './fit-text';

const oneEach = (s: string) => graphemes(s).length;

describe('truncateToWidth', () => {
  it('keeps text that fits', () => {
    expect(truncateToWidth('Somchai', 10, oneEach)).toBe('Somchai');
  });

  it('cuts with an ellipsis to the widest prefix that fits', () => {
    const out = truncateToWidth('Somchai Jaidee', 8, oneEach);
    expect(out).toBe(`Somchai${ELLIPSIS}`);
    expect(oneEach(out)).toBeLessThanOrEqual(8);
  });

  it('never separates a Thai vowel or tone mark from its consonant', () => {
    // ที่ is three code points (consonant, vowel, tone mark) but one character on screen.
    const name = 'ที่ดินสวัสดิ์';
    for (let width = 1; width < 10; width++) {
      const out = truncateToWidth(name, width, oneEach);
      const kept = out.endsWith(ELLIPSIS) ? out.slice(0, -1) : out;
      expect(name.startsWith(kept)).toBe(true);
      expect(graphemes(name).slice(0, graphemes(kept).length).join('')).toBe(kept);
    }
    expect(truncateToWidth(name, 2, oneEach)).toBe(`ที่${ELLIPSIS}`);
  });

  it('drops the space before the ellipsis', () => {
    expect(truncateToWidth('Ann Lee', 5, oneEach)).toBe(`Ann${ELLIPSIS}`);
  });

  it('returns only the ellipsis when nothing else fits', () => {
    expect(truncateToWidth('Somchai', 1, oneEach)).toBe(ELLIPSIS);
  });
});
