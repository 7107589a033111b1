import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPlan } from '@portal/contracts/public-info';
import enAuth from '../src/locales/en/auth.json' with { type: 'json' };
import enLegal from '../src/locales/en/legal.json' with { type: 'json' };
import enManuals from '../src/locales/en/manuals.json' with { type: 'json' };
import enPublic from '../src/locales/en/public.json' with { type: 'json' };
import thAuth from '../src/locales/th/auth.json' with { type: 'json' };
import thLegal from '../src/locales/th/legal.json' with { type: 'json' };
import thManuals from '../src/locales/th/manuals.json' with { type: 'json' };
import thPublic from '../src/locales/th/public.json' with { type: 'json' };
import { baseUrl, DESKTOP, launch, PHONE, shot } from './browser';
import { DEMO, sidewaysBoxes, submitLogin, waitForPath, withPage } from './helpers';

/**
 * Issue 10, section 3: a visitor opens every public page of the specification in Thai and English on
 * a desktop and a phone (headings, titles and descriptions, no sideways scrolling on a phone,
 * screenshots), searches the manuals, filters the map by a province and finds the plan's figures on
 * /tables as the API serves them. Screens go to /tmp/shots-manuals and screenshots/.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = '/tmp/shots-manuals';
const TEXT = {
  th: { auth: thAuth, legal: thLegal, manuals: thManuals, public: thPublic },
  en: { auth: enAuth, legal: enLegal, manuals: enManuals, public: enPublic },
} as const;
type Lang = keyof typeof TEXT;
const DEVICES = { desktop: DESKTOP, phone: PHONE } as const;

/** Every public page and the heading it shows. */
const PAGES = (lang: Lang) => {
  const t = TEXT[lang];
  return [
    ['manuals', '/manuals', t.manuals.index.title],
    ['manual-identity', '/manuals/identity_verification', t.manuals.identity_verification.title],
    ['manual-organization', '/manuals/organization_management', t.manuals.organization_management.title],
    ['manual-bonus', '/manuals/calculation_of_bonusIncome', t.manuals.calculation_of_bonusIncome.title],
    ['manual-receiving', '/manuals/receiving_bonusIncome', t.manuals.receiving_bonusIncome.title],
    ['tables', '/tables', t.public.tables.title],
    ['maps', '/maps', t.public.maps.title],
    ['contact', '/contact', t.legal.contact.title],
    ['login', '/auth/login', t.auth.login.title],
  ] as const;
};

async function settled(page: Page) {
  await page
    .getByRole('status', { name: /กำลังโหลด|Loading/ })
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** One full-page screenshot, written to screenshots/ and to SHOTS. */
async function save(page: Page, name: string) {
  const png = await shot(page, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.writeFileSync(path.join(SHOTS, `${name}.png`), png);
}

describe('a visitor reads the public pages', () => {
  for (const lang of ['th', 'en'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      it(`opens every public page in ${lang} on a ${device}`, async () => {
        await withPage(browser, { lang, viewport: DEVICES[device] }, async (page) => {
          for (const [name, route, heading] of PAGES(lang)) {
            const response = await page.goto(route);
            expect(response?.status(), route).toBe(200);
            expect(new URL(page.url()).pathname, `${route} is open to visitors`).toBe(route);
            await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
            await settled(page);
            expect(await page.title(), route).toContain(heading);
            if (name !== 'login') {
              const description = await page.locator('meta[name="description"]').getAttribute('content');
              expect(description?.length, `${route} has its own description`).toBeGreaterThan(40);
              expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toContain(
                heading,
              );
              // The light public frame: no member sidebar for a visitor, the language switch in the footer.
              await page.locator('footer').getByTestId(`lang-${lang}`).waitFor();
            }
            if (route.startsWith('/manuals/')) {
              // Every section is in the table of contents and has its anchor.
              const toc = await page
                .getByTestId('manual-toc')
                .locator('a')
                .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')));
              const ids = await page
                .locator('[data-testid="manual-section"] h2')
                .evaluateAll((hs) => hs.map((h) => `#${h.id}`));
              expect(toc).toEqual(ids);
              expect(ids.length).toBeGreaterThanOrEqual(8);
            }
            if (device === 'phone') {
              const overflow = await page.evaluate(
                () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
              );
              expect(overflow, `${route} scrolls sideways on a phone`).toBeLessThanOrEqual(0);
              // Nor does any box in it (a table cut at the screen's edge): plan tables are cards there.
              const sideways = await sidewaysBoxes(page);
              expect(sideways, `${route}: boxes that scroll sideways on a phone`).toEqual([]);
            }
            await save(page, `public-${name}-${lang}-${device}`);
          }
        });
      });
    }
  }
});

describe('a visitor finds what they need', () => {
  it('searches the manuals and lands on the section found (Thai)', async () => {
    await withPage(browser, { lang: 'th' }, async (page) => {
      await page.goto('/manuals');
      await page.getByTestId('manual-search').fill('สมุดบัญชี');
      await page.waitForURL((url) => url.searchParams.get('q') === 'สมุดบัญชี');
      const hits = page.getByTestId('search-hit');
      await hits.first().waitFor();
      expect(await hits.count()).toBeGreaterThan(1);
      for (const text of await hits.allInnerTexts()) expect(text).toContain('สมุดบัญชี');
      await save(page, 'public-manuals-search-th-desktop');
      const first = hits.first().getByRole('link');
      const href = (await first.getAttribute('href'))!;
      await first.click();
      const [pathname, id] = href.split('#') as [string, string];
      await waitForPath(page, pathname);
      await page.locator(`h2#${id}`).waitFor();
      // The section found is scrolled to: its heading is on screen.
      await page.waitForFunction((target) => {
        const box = document.getElementById(target)!.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight;
      }, id);
    });
  });

  it('searches in English, and a word nowhere in the manuals finds nothing', async () => {
    await withPage(browser, { lang: 'en', viewport: PHONE }, async (page) => {
      await page.goto('/manuals?q=weaker%20leg');
      await page.getByTestId('search-hit').first().waitFor();
      expect(await page.getByTestId('search-hit').first().innerText()).toContain('Placement choices');
      await page.getByTestId('manual-search').fill('zebra');
      await page.getByText('Nothing matches “zebra”', { exact: false }).waitFor();
      expect(await page.getByTestId('search-hit').count()).toBe(0);
    });
  });

  it('filters the map by a province, and the list and the pins follow', async () => {
    await withPage(browser, { lang: 'en' }, async (page) => {
      await page.goto('/maps');
      await page.getByTestId('location').first().waitFor();
      const all = await page.getByTestId('location').count();
      expect(all).toBeGreaterThanOrEqual(10);
      expect(await page.locator('[data-testid^="pin-"]').count()).toBe(all);

      await page.getByTestId('province-filter').click();
      await page.getByRole('option', { name: /^Chiang Mai/ }).click();
      await page.waitForURL((url) => url.searchParams.get('province') === '50');
      await page.getByTestId('location-count').getByText('Locations shown: 1').waitFor();
      const shown = page.getByTestId('location');
      expect(await shown.count()).toBe(1);
      expect(await shown.first().innerText()).toContain('Chiang Mai');
      expect(await page.getByTestId('pin-chiang-mai-office').getAttribute('data-shown')).toBe('true');
      expect(await page.getByTestId('pin-bkk-head-office').getAttribute('data-shown')).toBe('false');
      const directions = await shown.first().getByRole('link', { name: 'Directions' }).getAttribute('href');
      expect(directions).toMatch(
        /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=18\.\d+,98\.\d+$/,
      );
      expect(
        await shown
          .first()
          .getByRole('link', { name: /^Call / })
          .getAttribute('href'),
      ).toMatch(/^tel:\d+$/);
      await save(page, 'public-maps-filtered-en-desktop');
    });
  });

  it('opens the map on a province from its address, in Thai on a phone', async () => {
    await withPage(browser, { lang: 'th', viewport: PHONE }, async (page) => {
      await page.goto('/maps?province=10');
      await page.getByTestId('location-count').getByText('สถานที่ที่แสดง: 2 แห่ง').waitFor();
      expect(await page.getByTestId('location').allInnerTexts()).toEqual([
        expect.stringContaining('กรุงเทพมหานคร'),
        expect.stringContaining('กรุงเทพมหานคร'),
      ]);
      await save(page, 'public-maps-filtered-th-phone');
    });
  });

  it('shows the plan the server serves on /tables', async () => {
    const base = baseUrl();
    const token = await fetch(`${base}/network/api/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-key': 'portal-web' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: 'portal-web',
        client_secret: 'public',
      }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const plan = await fetch(`${base}/network/api/v1/public/plan`, {
      headers: { 'x-app-key': 'portal-web', authorization: `Bearer ${token.access_token}` },
    }).then((r) => r.json() as Promise<{ data: PublicPlan }>);
    const money = (v: string) => `฿${Number(v).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    await withPage(browser, { lang: 'en' }, async (page) => {
      await page.goto('/tables');
      const rows = page.getByTestId('table-packages').locator('tbody tr');
      await rows.first().waitFor();
      const packages = Object.entries(plan.data.params.PACKAGES);
      expect(await rows.count()).toBe(packages.length);
      for (const [i, [code, p]] of packages.entries()) {
        const cells = await rows.nth(i).locator('th, td').allInnerTexts();
        expect(cells.slice(0, 3)).toEqual([code, money(p.price), p.pv.toLocaleString('en-US')]);
        expect(cells[6]).toBe(money(p.max_income_per_day));
      }
    });
  });

  it('a manual links into the portal, which asks a visitor to sign in and then opens the page', async () => {
    await withPage(browser, { lang: 'en' }, async (page) => {
      await page.goto('/manuals/identity_verification');
      const shotImage = page.getByTestId('shot-profile-documents');
      await shotImage.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="shot-profile-documents"]') as HTMLImageElement)
            ?.naturalWidth > 0,
      );
      // Printing leaves out the navigation and the table of contents.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByTestId('manual-toc').isVisible()).toBe(false);
      expect(await page.locator('header').isVisible()).toBe(false);
      await page.emulateMedia({ media: 'screen' });

      await page.getByTestId('manual-open-portal').click();
      await waitForPath(page, '/auth/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/profile');
      await submitLogin(page, DEMO.email, DEMO.password);
      await waitForPath(page, '/profile');

      // A signed-in member reads the public pages too, in the same light frame.
      await page.goto('/tables');
      await page.getByRole('heading', { level: 1, name: enPublic.tables.title }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/tables');
      await page.getByRole('link', { name: 'Back to the member center' }).waitFor();
    });
  });
});
