import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser';
import { createMember, DEMO, newMember, waitForPath, withPage } from './helpers';

/**
 * Issue 11: every action is reachable from the keyboard, with the focus visible. A member signs
 * in, moves through the portal, opens a report and the notice bar, and buys in the shop with Tab,
 * arrows, Enter and Space only; each element reached shows a focus ring.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** What the focused element is: its test id, role, name, and whether a focus ring shows. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const ring =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      (style.boxShadow !== 'none' && style.boxShadow !== '');
    return {
      testid: el.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
      text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 80),
      tag: el.tagName,
      ring,
    };
  });

/** Presses Tab until the focused element matches (at most `max` times); fails if it never does. */
async function tabTo(
  page: Page,
  match: (f: NonNullable<Awaited<ReturnType<typeof focused>>>) => boolean,
  max = 80,
) {
  const stops: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f && match(f)) return f;
    stops.push(f?.testid ?? f?.text ?? '(body)');
  }
  throw new Error(`Tab never reached the element; it stopped at: ${stops.join(' | ')}`);
}

describe('the keyboard', () => {
  it('signs in, moves through the menu, opens a report and the notice bar, with a visible focus ring on every stop', async () => {
    const member = await createMember(newMember('keys'));
    await withPage(browser, { lang: 'en' }, async (page) => {
      await page.goto('/auth/login');
      await page.getByTestId('login-username').waitFor();
      const user = await tabTo(page, (f) => f.testid === 'login-username');
      expect(user.tag).toBe('INPUT');
      await page.keyboard.type(member.email);
      await tabTo(page, (f) => f.testid === 'login-password');
      await page.keyboard.type(member.password);
      await page.keyboard.press('Enter');
      await waitForPath(page, '/dashboard');

      // The notice bar (this member has not sent KYC documents yet) opens with Enter.
      const bar = await tabTo(page, (f) => f.testid === 'notice-toggle');
      expect(bar.ring, 'focus ring on the notice bar').toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('notice-toggle').getAttribute('aria-expanded')).toBe('true');

      // The menu: Enter opens the Reports group, then its first link opens the index.
      const reports = await tabTo(page, (f) => f.testid === 'nav-reports');
      expect(reports.ring, 'focus ring on the menu').toBe(true);
      await page.keyboard.press('Enter');
      await page.getByTestId('nav-reports-all').waitFor({ state: 'visible' });
      await tabTo(page, (f) => f.testid === 'nav-reports-all', 5);
      await page.keyboard.press('Enter');
      await waitForPath(page, '/reports');
      const card = await tabTo(page, (f) => (f.testid ?? '').startsWith('report-card-'));
      expect(card.ring, 'focus ring on a report card').toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/reports\/[a-z_]+$/);
    });
  });

  it('buys in the shop: add to cart, check out with the demo payment, all by keyboard', async () => {
    await withPage(browser, { lang: 'en' }, async (page) => {
      await page.goto('/auth/login');
      await page.getByTestId('login-username').fill(DEMO.email);
      await page.getByTestId('login-password').fill(DEMO.password);
      await page.getByTestId('login-password').press('Enter');
      await waitForPath(page, '/dashboard');
      await page.goto('/ecommerce?category=beauty');
      await page.locator('[data-testid^="add-"]').first().waitFor();
      const add = await tabTo(page, (f) => (f.testid ?? '').startsWith('add-'));
      expect(add.ring, 'focus ring on add to cart').toBe(true);
      await page.keyboard.press('Enter');
      const cart = await tabTo(page, (f) => f.testid === 'shop-cart');
      await page.keyboard.press('Enter');
      expect(cart.ring).toBe(true);
      await waitForPath(page, '/ecommerce/cart');
      await tabTo(page, (f) => f.testid === 'cart-checkout');
      await page.keyboard.press('Enter');
      await waitForPath(page, '/ecommerce/checkout');
      // Radio groups: Tab into the group, arrows choose.
      await tabTo(page, (f) => f.tag === 'INPUT' && f.testid === 'pay-demo');
      await page.keyboard.press('Space');
      expect(await page.getByTestId('pay-demo').isChecked()).toBe(true);
      const place = await tabTo(page, (f) => f.testid === 'checkout-place');
      expect(place.ring, 'focus ring on place order').toBe(true);
      await page.keyboard.press('Enter');
      await page.getByTestId('order-placed').waitFor();
    });
  });
});
