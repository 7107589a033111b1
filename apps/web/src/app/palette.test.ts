import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { colors, contrast, LIGHT_SURFACE, luminance, readable, TEXT_CONTRAST } from './palette';
import { theme } from './theme';

const WHITE = '#ffffff';

describe('the theme colours read at WCAG AA contrast', () => {
  it('when two colours are compared then the ratio follows WCAG (black on white 21, grey #777 about 4.48)', () => {
    expect(contrast('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrast('#777777', WHITE)).toBeCloseTo(4.48, 2);
    expect(contrast(WHITE, '#777777')).toBe(contrast('#777777', WHITE));
  });

  it("when Mantine's palettes are used as they come then white on a filled button fails (the defect)", () => {
    expect(contrast(WHITE, DEFAULT_THEME.colors.green[8])).toBeLessThan(TEXT_CONTRAST);
    expect(contrast(DEFAULT_THEME.colors.yellow[9], DEFAULT_THEME.colors.yellow[1])).toBeLessThan(
      TEXT_CONTRAST,
    );
    expect(contrast(DEFAULT_THEME.colors.gray[6], WHITE)).toBeLessThan(TEXT_CONTRAST);
  });

  it('when the theme is built then every colour the portal uses is one of the readable palettes', () => {
    expect(theme.colors).toBe(colors);
    expect(Object.keys(colors)).toEqual(
      expect.arrayContaining(['brand', 'gray', 'red', 'green', 'yellow', 'orange', 'blue', 'teal']),
    );
  });

  for (const [name, palette] of Object.entries(colors)) {
    it(`when ${name} is used for text then it reads on white, grey and every light-variant background, and white reads on it`, () => {
      const light = Object.values(colors).map((p) => p[1]);
      const shadeOf = (i: number) => palette[i]!;
      const from = name === 'gray' ? 6 : 7;
      for (let shade = from; shade <= 9; shade += 1) {
        for (const surface of [WHITE, LIGHT_SURFACE, ...light])
          expect(contrast(shadeOf(shade), surface), `${name}-${shade} on ${surface}`).toBeGreaterThanOrEqual(
            TEXT_CONTRAST,
          );
        expect(luminance(shadeOf(shade))).toBeLessThanOrEqual(luminance(shadeOf(shade - 1)));
      }
      // The light variant: shade 9 text on shade 1 (and 2 when hovered).
      expect(contrast(shadeOf(9), shadeOf(2))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      // A filled button's hover (shade 9) differs from the button (shade 8).
      expect(palette[9]).not.toBe(palette[8]);
      // The lighter shades keep Mantine's (or the brand's) own colours.
      expect(palette.slice(0, from)).toEqual(
        (name === 'brand' ? palette : DEFAULT_THEME.colors[name]!).slice(0, from),
      );
    });
  }

  it('when a palette already reads then readable leaves it as it is', () => {
    const dark = DEFAULT_THEME.colors.dark;
    expect(readable([...DEFAULT_THEME.colors.gray.slice(0, 6), ...dark.slice(6)])).toEqual([
      ...DEFAULT_THEME.colors.gray.slice(0, 6),
      ...dark.slice(6),
    ]);
  });
});
