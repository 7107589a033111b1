import fs from 'node:fs';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { DEMO, untilStill, waitForPath, withPage } from './helpers';

/**
 * Sharing (issue 23, item 3): the invitation link on the dashboard and the community shop's link
 * each show a QR code that a camera reads as the link (decoded here from what the screen shows and
 * from the downloaded PNG), a LINE share link carrying the link where the browser has no Web Share
 * API, and the system's share sheet (navigator.share) where it has one. Thai and English, phone and
 * desktop.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What a camera reads in a PNG: its pixels (drawn by the browser) through jsQR. */
async function readQr(page: Page, png: Buffer): Promise<string | null> {
  const { width, height, data } = await page.evaluate(
    async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let bin = '';
      for (let i = 0; i < pixels.length; i += 0x8000)
        bin += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
      return { width: canvas.width, height: canvas.height, data: btoa(bin) };
    },
    `data:image/png;base64,${png.toString('base64')}`,
  );
  const rgba = new Uint8ClampedArray(Buffer.from(data, 'base64'));
  return jsQR(rgba, width, height)?.data ?? null;
}

/** The QR code shows and reads as `link`, on screen and as the downloaded PNG; LINE gets the link. */
async function sharesByQrAndLine(page: Page, testId: string, link: string, fileName: string, name: string) {
  const line = page.getByTestId(`${testId}-line`);
  await line.waitFor({ state: 'visible' });
  const href = (await line.getAttribute('href'))!;
  expect(href).toBe(`https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(link)}`);
  expect(new URL(href).searchParams.get('url')).toBe(link);
  expect(await line.getAttribute('target')).toBe('_blank');

  await page.getByTestId(`${testId}-qr-toggle`).click();
  const qr = page.getByTestId(`${testId}-qr`);
  await qr.waitFor({ state: 'visible' });
  await page.waitForFunction(
    (id) => (document.querySelector(`[data-testid="${id}-qr"]`) as HTMLImageElement | null)?.complete,
    testId,
  );
  // in the middle of the window: clear of a phone's tab bar, which would cover it at the bottom
  await qr.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await untilStill(page, `[data-testid="${testId}-qr"]`);
  // what the screen shows is what a phone's camera would read
  expect(await readQr(page, await qr.screenshot())).toBe(link);
  await shot(page, name, { fullPage: false });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`${testId}-qr-download`).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${fileName}.png`);
  const file = fs.readFileSync((await download.path())!);
  expect(file.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(await readQr(page, file)).toBe(link);
}

describe('sharing the invitation and the community shop (issue 23, item 3)', () => {
  for (const [lang, device, viewport] of [
    ['th', 'phone', PHONE],
    ['en', 'desktop', DESKTOP],
    ['en', 'phone', PHONE],
    ['th', 'desktop', DESKTOP],
  ] as const) {
    it(`QR codes read as the links, download as PNG; LINE without the Web Share API, the share sheet with it (${lang}, ${device})`, async () => {
      await withPage(browser, { viewport, lang }, async (page, context) => {
        // This browser has no share sheet (as on most desktops): LINE is offered instead.
        await context.addInitScript(() => {
          delete (Navigator.prototype as Partial<Navigator>).share;
        });
        await signIn(page, DEMO.email, DEMO.password);
        await waitForPath(page, '/dashboard');
        const invitation = `${baseUrl()}/auth/register/${DEMO.invitationCode}`;
        await page.getByTestId('dashboard-invitation-link').waitFor();
        expect(await page.getByTestId('dashboard-invitation-link').inputValue()).toBe(invitation);
        await sharesByQrAndLine(
          page,
          'dashboard-invitation',
          invitation,
          `invitation-${DEMO.invitationCode}`,
          `share-invitation-${lang}-${device}`,
        );

        await page.goto('/ecommerce/my_shop');
        const shop = `${baseUrl()}/ecommerce?shop=${DEMO.invitationCode}`;
        await page.getByTestId('my-shop-link').waitFor();
        expect(await page.getByTestId('my-shop-link').inputValue()).toBe(shop);
        await sharesByQrAndLine(
          page,
          'my-shop',
          shop,
          `shop-${DEMO.invitationCode}`,
          `share-shop-${lang}-${device}`,
        );

        // A browser with a share sheet (a phone's): the share button hands it the link.
        await context.addInitScript(() => {
          Object.defineProperty(Navigator.prototype, 'share', {
            configurable: true,
            value: (data: ShareData) => {
              (window as unknown as { shared: ShareData[] }).shared ??= [];
              (window as unknown as { shared: ShareData[] }).shared.push(data);
              return Promise.resolve();
            },
          });
        });
        for (const [path, testId, link] of [
          ['/dashboard', 'dashboard-invitation', invitation],
          ['/ecommerce/my_shop', 'my-shop', shop],
        ] as const) {
          await page.goto(path);
          // the dashboard's widgets arrive one by one and move the button meanwhile
          await page.getByTestId(`${testId}-share`).waitFor({ state: 'visible' });
          await page.waitForLoadState('networkidle');
          await untilStill(page, `[data-testid="${testId}-share"]`, 30_000);
          await page.getByTestId(`${testId}-share`).click();
          const shared = await page.waitForFunction(
            () => (window as unknown as { shared?: ShareData[] }).shared?.[0],
          );
          const data = (await shared.jsonValue()) as ShareData;
          expect(data.url).toBe(link);
          expect(data.title).toBeTruthy();
          expect(await page.getByTestId(`${testId}-line`).count()).toBe(0);
        }
      });
    });
  }
});
