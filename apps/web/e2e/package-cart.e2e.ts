import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, PHONE, shot } from './browser';
import { createMember, newMember, waitForPath, withPage } from './helpers';

/**
 * A package never shares a cart with products (issue 23, item 1): the cart says so in words and
 * offers the way out (keep the package alone, or the products), the checkout says the same instead
 * of failing with a generic error, and a package's page shows its price and PV once, formatted like
 * every other figure (no struck-through price equal to the price, one "package" badge). Thai and
 * English, phone and desktop.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const TEXTS = {
  th: { title: 'แพ็กเกจต้องสั่งซื้อแยกจากสินค้าอื่น', pv: '1,500 PV' },
  en: { title: 'A package is bought on its own', pv: '1,500 PV' },
} as const;

async function signInToShop(page: Page, email: string, password: string) {
  await page.goto('/ecommerce');
  await page.getByTestId('shop-sign-in').click();
  await waitForPath(page, '/auth/login');
  await page.getByTestId('login-username').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await waitForPath(page, '/ecommerce');
}

async function addOnProductPage(page: Page, code: string, count: number) {
  await page.goto(`/ecommerce/products/${code}`);
  await page.getByTestId('product-add').click();
  await expect
    .poll(() => page.getByTestId('shop-cart').getAttribute('aria-label'), { timeout: 15_000 })
    .toMatch(new RegExp(`[^0-9]${count}[^0-9]`));
}

describe('a package in the cart', () => {
  for (const [lang, name, viewport] of [
    ['th', 'phone', PHONE],
    ['en', 'desktop', DESKTOP],
    ['en', 'phone', PHONE],
    ['th', 'desktop', DESKTOP],
  ] as const) {
    it(`says a package is bought alone and offers the way out (${lang}, ${name})`, async () => {
      const member = await createMember(newMember(`pkgcart-${lang}-${name}`));
      await withPage(browser, { viewport, lang }, async (page) => {
        await signInToShop(page, member.email, member.password);

        // The package's page: its price once (nothing struck through), one badge, the PV grouped.
        await page.goto('/ecommerce/products/PKG-SILVER');
        await page.getByTestId('product-price').waitFor();
        expect(await page.getByTestId('product-retail').count()).toBe(0);
        expect((await page.getByTestId('product-pv').innerText()).trim()).toBe(TEXTS[lang].pv);
        expect(await page.locator('main .mantine-Badge-root').count()).toBe(1);
        await shot(page, `package-page-${lang}-${name}`);

        // A product, then the package: both in the cart.
        await page.goto('/ecommerce?category=health');
        const add = page.locator('[data-testid^="add-"]').first();
        const productCode = (await add.getAttribute('data-testid'))!.replace('add-', '');
        await addOnProductPage(page, productCode, 1);
        await addOnProductPage(page, 'PKG-SILVER', 2);

        await page.goto('/ecommerce/cart');
        const alone = page.getByTestId('cart-package-alone');
        await alone.waitFor({ state: 'visible' });
        expect(await alone.innerText()).toContain(TEXTS[lang].title);
        // Both lines can be bought, only not together: no line says it is out of stock.
        expect(await page.locator('[data-testid^="cart-line-problem-"]').count()).toBe(0);
        expect(await page.getByTestId('cart-checkout').getAttribute('data-disabled')).toBe('true');
        await shot(page, `package-cart-${lang}-${name}`);

        // The checkout says the same and leads back, instead of a generic error.
        await page.goto('/ecommerce/checkout');
        await page.getByTestId('cart-package-alone').waitFor({ state: 'visible' });
        expect(await page.getByTestId('checkout-place').count()).toBe(0);
        await page.getByTestId('cart-back').click();
        await waitForPath(page, '/ecommerce/cart');

        // The way out: keep the package alone (or, the other half of the runs, the products).
        const keepPackage = lang === 'th';
        await page.getByTestId(keepPackage ? 'cart-keep-package' : 'cart-keep-products').click();
        await page.getByTestId('cart-package-alone').waitFor({ state: 'detached' });
        const kept = keepPackage ? 'PKG-SILVER' : productCode;
        const gone = keepPackage ? productCode : 'PKG-SILVER';
        await page.getByTestId(`cart-line-${kept}`).waitFor();
        expect(await page.getByTestId(`cart-line-${gone}`).count()).toBe(0);
        expect(await page.getByTestId('cart-checkout').getAttribute('data-disabled')).toBeNull();
        await page.getByTestId('cart-checkout').click();
        await waitForPath(page, '/ecommerce/checkout');
        await page.getByTestId('checkout-place').waitFor({ state: 'visible' });
        expect(await page.getByTestId('cart-package-alone').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
          true,
        );
      });
    });
  }
});
