import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { DEMO, untilStill, visibleText, waitForPath } from './helpers';

/**
 * Issue 23, item 10: the installable portal, in Thai and English on a phone and a desktop. The
 * pages are opened at http://localhost (a secure context), as the passkeys' test does.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = { phone: PHONE, desktop: DESKTOP } as const;
const localhost = () => baseUrl().replace('127.0.0.1', 'localhost');

async function onLocalhost<T>(
  opts: { viewport: { width: number; height: number }; lang: 'th' | 'en' },
  fn: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    viewport: opts.viewport,
    baseURL: localhost(),
    locale: 'th-TH',
  });
  await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), opts.lang);
  context.setDefaultTimeout(15_000);
  try {
    return await fn(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** The addresses the service worker's caches hold. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });

const TEXT = {
  th: { offline: 'ไม่มีอินเทอร์เน็ต คุณออฟไลน์อยู่ กรุณาตรวจสอบการเชื่อมต่อ' },
  en: { offline: 'No internet' },
};

describe('the installable portal', () => {
  it.each([
    ['th', 'phone'],
    ['en', 'desktop'],
  ] as const)(
    'has a manifest and a service worker that keeps the shell, never an API answer, and opens the portal offline (%s, %s)',
    async (lang, device) => {
      await onLocalhost({ viewport: VIEWPORTS[device], lang }, async (page, context) => {
        await page.goto('/auth/login');
        const manifest = await page.evaluate(async () => {
          const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
          return (await fetch(href)).json() as Promise<{
            start_url: string;
            display: string;
            icons: { sizes: string; purpose: string }[];
          }>;
        });
        expect(manifest).toMatchObject({ start_url: '/dashboard', display: 'standalone' });
        expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
          expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
        );
        // The worker installs (precaching the shell) and takes the page.
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
          timeout: 120_000,
        });

        // A first visit keeps the shell only (the first script, its styles, the fonts): each page's
        // code is cached when first used, not all of it downloaded while the member signs in (issue 24).
        const installed = await cachedPaths(page);
        expect(installed).toContain('/index.html');
        expect(installed.some((u) => /^\/assets\/index-[^/]+\.js$/.test(u))).toBe(true);
        expect(installed.filter((u) => /-page-[^/]+\.js$/.test(u))).toEqual([]);

        await signIn(page, DEMO.email, DEMO.password);
        await waitForPath(page, '/dashboard');
        await page.getByTestId('dashboard-member-code').waitFor();
        const cached = await cachedPaths(page);
        expect(cached).toContain('/index.html');
        // The pages the member opened are kept for the next start.
        expect(cached.some((u) => /^\/assets\/dashboard-page-[^/]+\.js$/.test(u))).toBe(true);
        expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
        // No API answer is kept: the member's data is always asked from the server.
        expect(cached.filter((u) => /^\/(member|network|shop|staff\/v1|dev)\//.test(u))).toEqual([]);

        // Offline, the worker still answers the page and the portal starts from its cache with the
        // spec's offline message, never the browser's own error page (the session cannot be renewed
        // offline, so it may be the sign-in page's card that says it).
        await context.setOffline(true);
        const res = await page.reload();
        expect(res?.fromServiceWorker()).toBe(true);
        await page.locator('#boot').waitFor({ state: 'detached' });
        expect(await visibleText(page.getByTestId('offline-message'), 60_000)).toContain(TEXT[lang].offline);
        await untilStill(page);
        await shot(page, `pwa-offline-${lang}-${device}`, { fullPage: false });
        await context.setOffline(false);
      });
    },
    // The worker's install fetches the shell (about 20 files) on a shared 2-core machine.
    300_000,
  );
});
