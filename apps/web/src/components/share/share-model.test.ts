import { describe, expect, it } from 'vitest';
import { canWebShare, lineShareUrl, qrPngOf } from './share-model';

describe('sharing a link', () => {
  it("LINE's share page carries the link, encoded", () => {
    const url = 'https://portal.test/auth/register/DEMO2026?a=1&b=ไทย';
    const line = lineShareUrl(url);
    expect(line.startsWith('https://social-plugins.line.me/lineit/share?url=')).toBe(true);
    expect(new URL(line).searchParams.get('url')).toBe(url);
  });

  it('uses the Web Share API only where the browser has it', () => {
    expect(canWebShare(undefined)).toBe(false);
    expect(canWebShare({} as Pick<Navigator, 'share'>)).toBe(false);
    expect(canWebShare({ share: () => Promise.resolve() })).toBe(true);
  });

  it('draws the link as a PNG', async () => {
    const png = await qrPngOf('https://portal.test/ecommerce?shop=DEMO2026');
    expect(png.startsWith('data:image/png;base64,')).toBe(true);
  });
});
