import { describe, expect, it } from 'vitest';
import { MANUAL_FRAMES, MANUAL_SLUGS, SHOTS } from './content';
import { shotUrl } from './screenshots';

describe('the manuals’ screenshots', () => {
  it('are committed for every screen in both languages', () => {
    for (const lang of ['th', 'en'] as const)
      for (const shot of SHOTS) expect(shotUrl(lang, shot), `${lang}/${shot}`).toBeTruthy();
  });

  it('are each shown by some manual, and every manual links into the portal', () => {
    const used = new Set(MANUAL_SLUGS.flatMap((slug) => MANUAL_FRAMES[slug].sections.map((s) => s.shot)));
    for (const shot of SHOTS) expect(used.has(shot), shot).toBe(true);
    for (const slug of MANUAL_SLUGS) expect(MANUAL_FRAMES[slug].portal).toBeTruthy();
  });
});
