import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { guestOrderByApi, slipPng } from './shop-api';
import { E2E_PROMPTPAY_ID, E2E_PROMPTPAY_SECRET } from './global-setup';
import { createMember, DEMO, newMember, waitForPath, withPage, type NewMember } from './helpers';

/**
 * The shop (issue 7): a visitor browses and signs in, buys two products with the demo payment and
 * sees the order; the sidebar's Online Shopping link signs the member in to the shop with a one-time
 * code; a guest buys in a community shop and sends a transfer slip; staff confirm a slip and cancel
 * an order. Screenshots in Thai and English, desktop and phone.
 */
let browser: Browser;
let buyer: NewMember;
beforeAll(async () => {
  browser = await launch();
  buyer = await createMember(newMember('shopper'));
});
afterAll(async () => {
  await browser?.close();
});

const cartLabel = (page: Page) => page.getByTestId('shop-cart').getAttribute('aria-label');

async function waitForCartCount(page: Page, count: number) {
  await expect.poll(() => cartLabel(page), { timeout: 15_000 }).toMatch(new RegExp(`[^0-9]${count}[^0-9]`));
}

describe('the shop', () => {
  it('a visitor browses, signs in, adds two products (the badge shows 2), pays with the demo payment and sees the order', async () => {
    await withPage(browser, { lang: 'en' }, async (page) => {
      await page.goto('/ecommerce?category=health');
      const cards = page.locator('[data-testid^="product-card-"]');
      await cards.first().waitFor();
      // Visitors see retail prices and no add button.
      expect(await page.locator('[data-testid^="add-"]').count()).toBe(0);
      expect(await page.getByTestId('product-pv').count()).toBe(0);
      await page.getByTestId('shop-search').fill('zzzz-nothing');
      await page.getByTestId('shop-search').press('Enter');
      await page.getByText('No products match your search.').waitFor();
      await page.goto('/ecommerce?category=health');
      await cards.first().waitFor();

      await page.getByTestId('shop-sign-in').click();
      await waitForPath(page, '/auth/login');
      await page.getByTestId('login-username').fill(buyer.email);
      await page.getByTestId('login-password').fill(buyer.password);
      await page.getByTestId('login-submit').click();
      await waitForPath(page, '/ecommerce');

      // Members see member prices and PV, and a package offer (this member has none).
      await page.getByTestId('product-pv').first().waitFor();
      await page.getByTestId('buy-package').waitFor();
      await page.goto('/ecommerce?category=health');
      const adds = page.locator('[data-testid^="add-"]');
      await adds.first().waitFor();
      await adds.nth(0).click();
      await waitForCartCount(page, 1);
      await adds.nth(1).click();
      await waitForCartCount(page, 2);

      // The portal's top bar shows the same count.
      await page.goto('/dashboard');
      await expect.poll(() => page.getByTestId('cart-badge').getAttribute('data-count')).toBe('2');

      await page.getByTestId('cart-button').click();
      await waitForPath(page, '/ecommerce/cart');
      await page.locator('[data-testid^="cart-line-"]').nth(1).waitFor();
      await page.getByTestId('cart-checkout').click();
      await waitForPath(page, '/ecommerce/checkout');
      await page.getByLabel('Pick up at the office').check();
      await page.getByTestId('pay-demo').check();
      await page.getByTestId('checkout-place').click();
      await page.getByTestId('order-placed').waitFor();
      await page.getByTestId('payment-paid').waitFor();
      const number = (await page.getByTestId('order-number').innerText()).replace('Order ', '').trim();
      expect(number).toMatch(/^SO\d+/);
      expect(await page.getByTestId('order-status').textContent()).toBe('Paid');
      await shot(page, 'shop-order-en-desktop');
      await waitForCartCount(page, 0);

      await page.getByText('All my orders').click();
      await waitForPath(page, '/ecommerce/orders');
      await page.getByTestId(`order-${number}`).waitFor();
      await shot(page, 'shop-orders-en-desktop');
    });
  });

  it("a member opens the sidebar's Online Shopping link and is signed in to the shop by a one-time code", async () => {
    await withPage(browser, { lang: 'en' }, async (page, context) => {
      await signIn(page, buyer.email, buyer.password);
      await waitForPath(page, '/dashboard');
      const link = page.getByTestId('nav-shop');
      // The address never carries the access token.
      expect(await link.getAttribute('href')).toBe('/ecommerce');
      const [shopPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
      const exchanged = await shopPage.waitForResponse(
        (r) => new URL(r.url()).pathname === '/shop/v1/session' && r.request().method() === 'POST',
      );
      expect(exchanged.status()).toBe(200);
      expect(exchanged.request().url()).not.toContain('access_token');
      await shopPage.waitForURL((url) => url.pathname === '/ecommerce' && !url.search.includes('login_code'));
      await shopPage.getByTestId('shop-portal').waitFor();
      await shopPage.getByTestId('product-pv').first().waitFor();
    });
  });

  it('a guest buys through a community-shop link, pays by transfer with a slip and comes back by the order key', async () => {
    await withPage(browser, { lang: 'th', viewport: PHONE }, async (page) => {
      await page.goto(`/ecommerce?shop=${DEMO.invitationCode}`);
      await page.getByText(`ร้านชุมชนของ`).first().waitFor();
      const adds = page.locator('[data-testid^="add-"]');
      await adds.first().waitFor();
      await shot(page, 'shop-community-th-phone');
      await adds.nth(0).click();
      await waitForCartCount(page, 1);
      await page.getByTestId('shop-cart').click();
      await page.getByTestId('cart-checkout').click();
      await waitForPath(page, '/ecommerce/checkout');
      await page.getByTestId('guest-name').fill('สมหญิง ลูกค้า');
      await page.getByTestId('guest-telephone').fill('0891234567');
      await page.getByTestId('guest-address_line').fill('12/3 ถนนพหลโยธิน');
      await page.getByTestId('guest-province').fill('เชียงใหม่');
      await page.getByTestId('guest-post_code').fill('50000');
      await page.getByTestId('pay-transfer').check();
      await shot(page, 'shop-guest-checkout-th-phone');
      await page.getByTestId('checkout-place').click();
      await page.getByTestId('order-placed').waitFor();
      const url = new URL(page.url());
      expect(url.searchParams.get('key')).toBeTruthy();
      // The shop's account (kbank in the demo) by the bank's name in Thai.
      await page.getByText('ธนาคารกสิกรไทย', { exact: true }).waitFor();

      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByTestId('slip-choose').click(),
      ]);
      await chooser.setFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slipPng() });
      await page.getByTestId('slip-preview').waitFor();
      await page.getByTestId('slip-upload').click();
      await page.getByText('รอตรวจสอบ').waitFor();
      await shot(page, 'shop-guest-order-th-phone');

      // The order key brings the guest back to the order.
      await page.goto(url.pathname + url.search);
      await page.getByText('รอตรวจสอบ').waitFor();
    });
  });

  it('a member sets a selling price in their community shop and a guest sees it; the member pays part of an order with LVP', async () => {
    await withPage(browser, { lang: 'en' }, async (page) => {
      await signIn(page, DEMO.email, DEMO.password);
      await page.goto('/ecommerce/my_shop');
      expect(await page.getByTestId('my-shop-link').inputValue()).toBe(
        `${baseUrl()}/ecommerce?shop=${DEMO.invitationCode}`,
      );
      const card = page.locator('[data-testid^="price-"]:not([data-testid^="price-input-"])').first();
      await card.waitFor();
      const code = (await card.getAttribute('data-testid'))!.replace('price-', '');
      const range = /Member price ฿([\d,.]+) – retail price ฿([\d,.]+)/.exec(await card.innerText())!;
      const member = range[1]!.replace(/,/g, '');
      const input = page.getByTestId(`price-input-${code}`);
      // Below the member price is refused before the server is asked.
      await input.fill('0.01');
      await card.getByText('Enter a price between the member price and the retail price').waitFor();
      expect(await card.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await input.fill(member);
      await card.getByRole('button', { name: 'Save' }).click();
      await card.getByText('Saved').waitFor();
      await card.getByText('Your price').waitFor();
      await shot(page, 'shop-my-shop-en-desktop');

      // A guest in the community shop pays the member's price for that product.
      await withPage(browser, { lang: 'en' }, async (guest) => {
        await guest.goto(`/ecommerce?shop=${DEMO.invitationCode}`);
        const product = guest.getByTestId(`product-card-${code}`);
        await product.waitFor();
        expect(await product.innerText()).toContain(`฿${range[1]}`);
      });
      await card.getByRole('button', { name: 'Use retail' }).click();
      await card.getByText('Retail price', { exact: true }).waitFor();

      // Part payment: 10 LVP of the demo member's balance pay part of a repurchase.
      await page.goto('/ecommerce?category=health');
      await page.locator('[data-testid^="add-"]').first().click();
      await page.goto('/ecommerce/checkout');
      await page.getByLabel('Pick up at the office').check();
      await page.getByTestId('pay-demo').check();
      await page.getByTestId('use-lvp').fill('10');
      const [placed] = await Promise.all([
        page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/shop/v1/orders' && r.request().method() === 'POST',
        ),
        page.getByTestId('checkout-place').click(),
      ]);
      const body = (await placed.json()) as { data: { order: { lvp_used: number; order_no: string } } };
      expect(placed.status()).toBe(201);
      expect(body.data.order.lvp_used).toBe(10);
      await page.getByTestId('order-placed').waitFor();
    });
  });

  it("a member pays with PromptPay: the QR carries the shop and the amount, and the provider's signed callback marks the order paid on the open page", async () => {
    const payer = await createMember(newMember('promptpay'));
    await withPage(browser, { lang: 'en', viewport: PHONE }, async (page) => {
      await signIn(page, payer.email, payer.password);
      await page.goto('/ecommerce?category=home');
      await page.locator('[data-testid^="add-"]').first().click();
      await waitForCartCount(page, 1);
      await page.goto('/ecommerce/checkout');
      await page.getByLabel('Pick up at the office').check();
      await page.getByTestId('pay-promptpay').check();
      const [placed] = await Promise.all([
        page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/shop/v1/orders' && r.request().method() === 'POST',
        ),
        page.getByTestId('checkout-place').click(),
      ]);
      const { order } = (
        (await placed.json()) as {
          data: { order: { order_no: string; payment: { reference: string; amount: string } } };
        }
      ).data;
      const qr = page.getByTestId('promptpay-qr');
      await qr.waitFor();
      const payload = (await qr.getAttribute('data-payload'))!;
      // EMVCo: the receiving mobile number as 0066 + 9 digits, the amount, and the bill reference.
      expect(payload.startsWith('000201')).toBe(true);
      expect(payload).toContain(`0066${E2E_PROMPTPAY_ID.slice(1)}`);
      expect(payload).toContain(order.payment.amount);
      expect(payload).toContain(order.payment.reference);
      await shot(page, 'shop-promptpay-en-phone');

      const body = JSON.stringify({
        reference: order.payment.reference,
        amount: order.payment.amount,
        transaction_id: `E2E-${order.order_no}`,
      });
      const res = await fetch(`${baseUrl()}/shop/v1/payments/promptpay/callback`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // The provider's signature: HMAC-SHA256 of the raw body under the shared secret.
          'x-promptpay-signature': `sha256=${crypto.createHmac('sha256', E2E_PROMPTPAY_SECRET).update(body).digest('hex')}`,
        },
        body,
      });
      expect(res.status).toBe(200);
      // The open order page looks again while the payment is pending.
      await page.getByTestId('payment-paid').waitFor({ timeout: 20_000 });
    });
  });

  it('staff confirm a transfer slip and cancel an order on the orders desk', async () => {
    const withSlip = await guestOrderByApi(true);
    const unpaid = await guestOrderByApi(false);
    for (const [lang, device, viewport] of [
      ['en', 'desktop', DESKTOP],
      ['th', 'phone', PHONE],
    ] as const) {
      await withPage(browser, { lang, viewport }, async (page) => {
        await signIn(page, 'staff@portal.test', 'demo-pass-1234');
        await page.goto('/staff/orders?slip=1');
        const first = page.locator('[data-testid^="staff-order-SO"]').first();
        await first.waitFor();
        // Every figure of an order is on the screen: on a phone the rows are cards, not a table
        // that runs off its right edge.
        const box = (await first.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        await expect.poll(() => first.getByText(/฿/).first().isVisible()).toBe(true);
        await shot(page, `staff-orders-${lang}-${device}`);
      });
    }
    await withPage(browser, { lang: 'en' }, async (page) => {
      await signIn(page, 'staff@portal.test', 'demo-pass-1234');
      await page.getByTestId('nav-staffOrders').click();
      await waitForPath(page, '/staff/orders');
      await page.getByTestId('staff-orders-slip').click();
      await page.waitForURL(/slip=1/);
      await page.getByTestId(`staff-order-${withSlip}`).click();
      await page.getByTestId('staff-slip-image').waitFor();
      await shot(page, 'staff-order-slip-en-desktop', { fullPage: false });
      await page.getByTestId('staff-slip-confirm').click();
      // The payment posts the order's points through the engine in its transaction, which may wait
      // for the demo's background closing of the days passed.
      await expect
        .poll(() => page.getByTestId('staff-order-status').textContent(), { timeout: 60_000 })
        .toBe('Paid');
      await page.keyboard.press('Escape');

      await page.goto(`/staff/orders?q=${unpaid}`);
      await page.getByTestId(`staff-order-${unpaid}`).click();
      await page.getByTestId('staff-reason').fill('The customer asked to cancel');
      await page.getByTestId('staff-cancel').click();
      await expect.poll(() => page.getByTestId('staff-order-status').textContent()).toBe('Canceled');
      await page.getByText('The customer asked to cancel').first().waitFor();
    });
  });

  it('staff create a product and change its stock on the products page', async () => {
    const code = `E2E${Date.now() % 1_000_000}`;
    await withPage(browser, { lang: 'th' }, async (page) => {
      await signIn(page, 'staff@portal.test', 'demo-pass-1234');
      await page.getByTestId('nav-staffProducts').click();
      await waitForPath(page, '/staff/products');
      await page.locator('[data-testid^="staff-product-"]').first().waitFor();
      await shot(page, 'staff-products-th-desktop');
      await page.getByTestId('product-new').click();
      await page.getByTestId('product-code').fill(code);
      await page.getByTestId('product-name-th').fill('ชาเขียวมัทฉะ');
      await page.getByTestId('product-name-en').fill('Matcha green tea');
      await page.getByTestId('product-retail').fill('450.00');
      await page.getByTestId('product-member').fill('320.00');
      await page.getByTestId('product-pv').fill('100');
      await page.getByTestId('product-stock').fill('12');
      await page.getByTestId('product-save').click();
      await page.getByText('เพิ่มรูปภาพ').waitFor();
      await shot(page, 'staff-product-form-th-desktop', { fullPage: false });
      const stock = page.getByTestId('product-stock');
      await stock.fill('30');
      await expect.poll(() => stock.inputValue()).toBe('30');
      const [saved] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/products/${code}`)),
        page.getByTestId('product-save').click(),
      ]);
      expect(saved.status(), await saved.text()).toBe(200);
      expect((saved.request().postDataJSON() as { stock: number }).stock).toBe(30);
      await page.keyboard.press('Escape');
      await page.goto(`/staff/products?q=${code}`);
      const row = page.getByTestId(`staff-product-${code}`);
      await row.waitFor();
      expect(await row.innerText()).toContain('30');
      // The new product is in the public catalog at its retail price.
      await page.goto(`/ecommerce/products/${code}`);
      await page.getByText('ชาเขียวมัทฉะ').first().waitFor();
      // Without a picture yet it shows a parcel tile, not an empty box.
      await page.getByTestId('product-no-image').waitFor();
    });
    for (const [lang, device, viewport] of [
      ['en', 'desktop', DESKTOP],
      ['th', 'phone', PHONE],
      ['en', 'phone', PHONE],
    ] as const) {
      await withPage(browser, { lang, viewport }, async (page) => {
        await signIn(page, 'staff@portal.test', 'demo-pass-1234');
        await page.goto(`/staff/products?q=${code}`);
        const row = page.getByTestId(`staff-product-${code}`);
        await row.waitFor();
        // On a phone the product is a card that fits the screen, with its prices and stock.
        const box = (await row.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(await row.innerText()).toMatch(/฿450\.00[\s\S]*฿320\.00[\s\S]*30/);
        await page.goto('/staff/products');
        await page.locator('[data-testid^="staff-product-"]').first().waitFor();
        await shot(page, `staff-products-${lang}-${device}`, { fullPage: false });
      });
    }
  });

  it('screens in Thai and English, desktop and phone', async () => {
    for (const lang of ['th', 'en'] as const) {
      for (const [device, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await withPage(browser, { lang, viewport }, async (page) => {
          await page.goto('/ecommerce');
          await page.locator('[data-testid^="product-price"]').first().waitFor();
          await page.waitForLoadState('networkidle');
          await shot(page, `shop-catalog-visitor-${lang}-${device}`);
          await signIn(page, buyer.email, buyer.password);
          await page.goto('/ecommerce?category=beauty');
          await page.getByTestId('product-pv').first().waitFor();
          await page.waitForLoadState('networkidle');
          await shot(page, `shop-catalog-member-${lang}-${device}`);
          await page.locator('[data-testid^="product-card-"] a').first().click();
          await page.getByTestId('product-add').waitFor();
          await page.waitForLoadState('networkidle');
          await shot(page, `shop-product-${lang}-${device}`);
          await page.getByTestId('product-add').click();
          await page.goto('/ecommerce/cart');
          await page.locator('[data-testid^="cart-line-"]').first().waitFor();
          await shot(page, `shop-cart-${lang}-${device}`);
          await page.goto('/ecommerce/checkout');
          // Without an address to ship to, the quote waits for one; picked up, it shows the total.
          await page.getByTestId('quote-incomplete').waitFor();
          await page.locator('input[value="pickup"]').check();
          await page.locator('[data-testid="checkout-quote"][data-current="true"]').waitFor();
          await shot(page, `shop-checkout-${lang}-${device}`);
          await page.goto('/dashboard');
          await page.getByTestId('cart-badge').waitFor();
          await shot(page, `shop-topbar-${lang}-${device}`, { fullPage: false });
        });
      }
    }
  }, 240_000); // four sign-ins and five pages each, in two languages on two screens
});
