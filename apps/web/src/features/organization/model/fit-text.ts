/** Splits into user-perceived characters, so a Thai vowel or tone mark never loses its consonant. */
export function graphemes(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    return Array.from(segmenter.segment(text), (s) => s.segment);
  }
  return Array.from(text);
}

export const ELLIPSIS = '…';

/**
 * The longest start of `text` that, with an ellipsis, fits `maxWidth` as measured by `measure`.
 * SVG text does not wrap or clip by itself, so node cards cut names here instead of overflowing.
 */
export function truncateToWidth(text: string, maxWidth: number, measure: (s: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  const parts = graphemes(text);
  let lo = 0;
  let hi = parts.length - 1;
  // Binary search the number of graphemes kept: measure is the expensive call.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(parts.slice(0, mid).join('').trimEnd() + ELLIPSIS) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? ELLIPSIS : parts.slice(0, lo).join('').trimEnd() + ELLIPSIS;
}

/** Text widths from a canvas in the page's own font, cached: one tree measures the same labels often. */
export function createTextMeasurer(font: string): (text: string) => number {
  const cache = new Map<string, number>();
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (context) context.font = font;
  return (text: string) => {
    let width = cache.get(text);
    if (width === undefined) {
      // Without a canvas (tests), assume a wide average glyph so nothing is under-estimated.
      width = context ? context.measureText(text).width : text.length * 8;
      cache.set(text, width);
    }
    return width;
  };
}

/** Words (Thai has no spaces: the browser's word segmenter finds them), spaces kept on their word. */
function words(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const segmenter = new Intl.Segmenter('th', { granularity: 'word' });
    const out: string[] = [];
    for (const { segment } of segmenter.segment(text)) {
      if (/^\s+$/.test(segment) && out.length) out[out.length - 1] += segment;
      else out.push(segment);
    }
    return out;
  }
  return text.split(/(?<=\s)/);
}

/**
 * Wraps `text` onto at most two lines of `maxWidth`, breaking between words (a word longer than a
 * line between characters); only what a second line cannot hold is cut with an ellipsis.
 */
export function wrapToWidth(
  text: string,
  maxWidth: number,
  measure: (s: string) => number,
): [string] | [string, string] {
  if (measure(text) <= maxWidth) return [text];
  const parts = words(text);
  let first = '';
  let i = 0;
  while (i < parts.length && measure((first + parts[i]).trimEnd()) <= maxWidth) first += parts[i++];
  if (!first) {
    // The first word alone is too long: break it between characters.
    const chars = graphemes(text);
    let n = 0;
    while (n < chars.length && measure(chars.slice(0, n + 1).join('')) <= maxWidth) n += 1;
    n = Math.max(1, n);
    return [chars.slice(0, n).join(''), truncateToWidth(chars.slice(n).join(''), maxWidth, measure)];
  }
  const rest = parts.slice(i).join('').trim();
  return rest ? [first.trimEnd(), truncateToWidth(rest, maxWidth, measure)] : [first.trimEnd()];
}
