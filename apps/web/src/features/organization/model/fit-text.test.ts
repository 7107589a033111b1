import { describe, expect, it } from 'vitest';
import { ELLIPSIS, graphemes, truncateToWidth, wrapToWidth } from './fit-text';

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

describe('wrapToWidth', () => {
  it('keeps a name that fits on one line', () => {
    expect(wrapToWidth('Somchai Jaidee', 20, oneEach)).toEqual(['Somchai Jaidee']);
  });

  it('when a name is too long for a line then it goes on two lines between words, nothing cut', () => {
    expect(wrapToWidth('Somchai Jaidee', 10, oneEach)).toEqual(['Somchai', 'Jaidee']);
  });

  it('when a Thai name is too long then it breaks between Thai words, each mark kept with its consonant', () => {
    const [a, b] = wrapToWidth('วิไลวรรณ ศักดิ์สิทธิ์', 10, oneEach);
    expect(`${a} ${b}`).toBe('วิไลวรรณ ศักดิ์สิทธิ์');
    expect(oneEach(a)).toBeLessThanOrEqual(10);
  });

  it('when even two lines are not enough then only the second line is cut', () => {
    expect(wrapToWidth('Aaaa Bbbb Cccc Dddd', 8, oneEach)).toEqual(['Aaaa', `Bbbb Cc${ELLIPSIS}`]);
  });
});
