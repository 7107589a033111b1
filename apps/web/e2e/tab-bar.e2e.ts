import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { DEMO, waitForPath, withPage } from './helpers';

/**
 * Issue 23, item 11: a member on a phone has a bottom tab bar (home, organization, wallet, shop,
 * more) that leads where it says, marks where one is, opens the whole menu from "more" and never
 * hides the page's end; a desktop keeps the sidebar alone. Thai and English.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const LABELS = {
  th: ['หน้าหลัก', 'องค์กร', 'กระเป๋าเงิน', 'ช้อป', 'เพิ่มเติม'],
  en: ['Home', 'Organization', 'Wallet', 'Shop', 'More'],
} as const;

/** Each tab's label with whether it shows whole (not cut by its box). */
const tabLabels = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="tab-bar"] [data-tab-label]')].map((el) => ({
      text: el.textContent ?? '',
      whole: el.scrollWidth <= el.clientWidth + 1,
    })),
  );

/** Waits until `key` is the one tab marked as where one is. */
async function isActive(page: Page, key: string) {
  await page.locator(`[data-testid="tab-bar"] [data-testid="tab-${key}"][data-active]`).waitFor();
  expect(await page.locator('[data-testid="tab-bar"] [data-active]').count()).toBe(1);
}

describe('the bottom tab bar (issue 23, item 11)', () => {
  for (const lang of ['th', 'en'] as const) {
    it(`${lang} on a phone: five tabs with whole labels that lead where they say`, async () => {
      await withPage(browser, { viewport: PHONE, lang }, async (page) => {
        await signIn(page, DEMO.email, DEMO.password);
        await waitForPath(page, '/dashboard');
        const bar = page.getByTestId('tab-bar');
        await bar.waitFor({ state: 'visible' });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        expect(await tabLabels(page)).toEqual(LABELS[lang].map((text) => ({ text, whole: true })));
        // At the screen's bottom, across its width.
        const box = (await bar.boundingBox())!;
        expect(Math.round(box.y + box.height)).toBe(PHONE.height);
        expect(box.width).toBeGreaterThanOrEqual(PHONE.width - 1);
        await isActive(page, 'home');
        await shot(page, `tab-bar-${lang}-phone`, { fullPage: false });

        // The page's end (the footer's links) scrolls clear of the bar.
        await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
        const footerBottom = await page.locator('footer').evaluate((el) => el.getBoundingClientRect().bottom);
        expect(footerBottom).toBeLessThanOrEqual(box.y + 1);

        await page.getByTestId('tab-organization').click();
        await waitForPath(page, '/organization');
        await isActive(page, 'organization');

        await page.getByTestId('tab-wallet').click();
        await waitForPath(page, '/wallet');
        await isActive(page, 'wallet');

        // The shop is another site: a new tab, as in the menu.
        expect(await page.getByTestId('tab-shop').getAttribute('target')).toBe('_blank');

        // "More" opens the whole menu; a page from it is marked as "more".
        await page.getByTestId('tab-more').click();
        expect(await page.getByTestId('tab-more').getAttribute('aria-expanded')).toBe('true');
        await page.getByTestId('nav-statements').waitFor({ state: 'visible' });
        await shot(page, `tab-bar-more-${lang}-phone`, { fullPage: false });
        const statements = await page.getByTestId('nav-statements').getAttribute('href');
        await page.getByTestId('nav-statements').click();
        await waitForPath(page, statements!);
        // The menu closes behind the choice.
        await page.locator('[data-testid="tab-more"][aria-expanded="false"]').waitFor();
        await isActive(page, 'more');

        await page.getByTestId('tab-home').click();
        await waitForPath(page, '/dashboard');
      });
    });

    it(`${lang} on a desktop: no tab bar, the sidebar as before`, async () => {
      await withPage(browser, { viewport: DESKTOP, lang }, async (page) => {
        await signIn(page, DEMO.email, DEMO.password);
        await waitForPath(page, '/dashboard');
        await page.getByTestId('nav-organization').waitFor({ state: 'visible' });
        expect(await page.getByTestId('tab-bar').count()).toBe(0);
      });
    });
  }

  it("a suspended member's home tab is their notifications, and there is no organization", async () => {
    await withPage(browser, { viewport: PHONE, lang: 'th' }, async (page) => {
      await signIn(page, DEMO.suspendedEmail, DEMO.suspendedPassword);
      await waitForPath(page, '/notifications');
      await page.getByTestId('tab-bar').waitFor({ state: 'visible' });
      await isActive(page, 'home');
      expect(await page.getByTestId('tab-organization').count()).toBe(0);
      await page.getByTestId('tab-wallet').click();
      await waitForPath(page, '/wallet');
      await page.getByTestId('tab-home').click();
      await waitForPath(page, '/notifications');
    });
  });
});
