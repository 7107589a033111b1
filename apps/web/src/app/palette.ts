import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/**
 * Colour contrast for the theme (WCAG 2.1, 1.4.3): a colour's shades 7 to 9 carry text (coloured
 * text on white or a light grey card, white text on a filled button or badge) and must reach 4.5:1
 * there; shade 9 is also the text of the "light" variant on shade 1. Mantine's own palettes miss
 * that for most colours (white on green-8 is 3.3:1, yellow-9 on yellow-1 2.6:1), so the theme
 * darkens those shades, keeping their hue, just enough; lighter shades are left as they are (shapes
and borders need only 3:1).
 */
export const TEXT_CONTRAST = 4.5;
/** A light grey surface the portal sets coloured text on (Mantine's gray-1, cards and table stripes). */
export const LIGHT_SURFACE = '#f1f3f5';

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const hex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance of an sRGB colour. */
export function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes `color` towards black in small steps until `ok` holds. */
function darkenUntil(color: string, ok: (c: string) => boolean): string {
  const base = rgb(color);
  for (let k = 0; k <= 100; k += 1) {
    const c = hex(base.map((v) => v * (1 - k / 100)) as Rgb);
    if (ok(c)) return c;
  }
  return '#000000';
}

/**
 * A palette whose text-carrying shades (`from` to 9; the theme's filled and text colour is shade 8)
 * read at 4.5:1 on every one of `surfaces`, each at least as dark as the one before. Grey starts at
 * 6, the dimmed text colour.
 */
export function readable(
  palette: readonly string[],
  { from = 7, surfaces = [LIGHT_SURFACE] }: { from?: number; surfaces?: readonly string[] } = {},
): MantineColorsTuple {
  const out = [...palette];
  for (let i = from; i <= 9; i += 1) {
    const previous = out[i - 1]!;
    out[i] = darkenUntil(
      out[i]!,
      (c) =>
        surfaces.every((surface) => contrast(c, surface) >= TEXT_CONTRAST) &&
        // shade 9 is also the hover of a filled button (shade 8): visibly darker
        luminance(c) <= luminance(previous) * (i === 9 ? 0.85 : 1) &&
        (i < 9 || (contrast(c, out[1]!) >= TEXT_CONTRAST && contrast(c, out[2]!) >= TEXT_CONTRAST)),
    );
  }
  return out as unknown as MantineColorsTuple;
}

/** The shop's teal; shades 7 to 9 darkened by `readable` so text on and in them reads (4.5:1). */
const brandTeal = [
  '#e6fcf8',
  '#d2f6ef',
  '#a6ebde',
  '#76e0cc',
  '#4fd6bc',
  '#36cfb2',
  '#25cbad',
  '#13b398',
  '#00a086',
  '#008a73',
];

/**
 * Every palette, Mantine's included, with text-carrying shades that meet WCAG AA contrast: the
 * portal's colours are fixed here once, not page by page (issue 11). Grey's shade 6 is the dimmed
 * text colour, so grey starts there.
 */
const palettes: Record<string, readonly string[]> = {
  ...Object.fromEntries(Object.entries(DEFAULT_THEME.colors).filter(([name]) => name !== 'dark')),
  brand: brandTeal,
};
/** Text of any colour may sit on any light-variant background (an alert, a light badge): shade 1. */
const surfaces = [LIGHT_SURFACE, ...Object.values(palettes).map((palette) => palette[1]!)];
export const colors: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries(palettes).map(([name, palette]) => [
    name,
    readable(palette, { from: name === 'gray' ? 6 : 7, surfaces }),
  ]),
);
