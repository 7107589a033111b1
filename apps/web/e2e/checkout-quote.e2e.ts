import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { STAFF } from './engine-api';
import {
  createMember,
  DEMO,
  newMember,
  sidewaysBoxes,
  waitForPath,
  withPage,
  type NewMember,
} from './helpers';
import { signInApi, submitKycByApi } from './kyc-api';

/**
 * Issue 18, item 5: the checkout shows the quote (lines, subtotal, shipping, VAT, LVP and points
 * used, the amount to pay) before the buyer confirms, it follows the delivery and the part payment,
 * and the order is created at the amount shown, for a member and for a guest in a community shop.
 */
let browser: Browser;
let buyer: NewMember;
beforeAll(async () => {
  browser = await launch();
  buyer = await createMember(newMember('quote'));
  // An address to ship to (with the rest KYC asks), and balances for part payment given by staff.
  const memberId = await submitKycByApi(buyer.email, buyer.password, `${buyer.firstName} ${buyer.lastName}`);
  const staff = await signInApi(STAFF.email, STAFF.password);
  for (const [kind, amount] of [
    ['LVP', '100'],
    ['POINTS', '50.00'],
  ])
    await post('/staff/v1/adjustments', staff, { member_id: memberId, kind, amount, remark: 'e2e quote' });
});
afterAll(async () => {
  await browser?.close();
});

async function post(path: string, token: string, body: unknown) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-App-Key': 'portal-web',
      Authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
}

const text = async (page: Page, id: string) => (await page.getByTestId(id).innerText()).trim();

/** The quote for the choices on screen now (not the previous one's, kept dimmed while it loads). */
async function currentQuote(page: Page) {
  await page.locator('[data-testid="checkout-quote"][data-current="true"]').waitFor();
  const has = async (id: string) => (await page.getByTestId(id).count()) > 0;
  return {
    items: await page
      .locator('[data-testid^="quote-item-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('quote-item-', ''))),
    subtotal: await text(page, 'quote-subtotal'),
    shipping: await text(page, 'quote-shipping'),
    total: await text(page, 'quote-total'),
    lvp: (await has('quote-lvp-used')) ? await text(page, 'quote-lvp-used') : null,
    points: (await has('quote-points-used')) ? await text(page, 'quote-points-used') : null,
    net: (await has('quote-net')) ? await text(page, 'quote-net') : await text(page, 'quote-total'),
  };
}

/** What the placed order's page shows: its lines and amounts. */
async function orderShown(page: Page) {
  await page.getByTestId('order-placed').waitFor();
  return {
    items: await page
      .locator('[data-testid^="order-item-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('order-item-', ''))),
    total: await text(page, 'order-total'),
    net: (await page.getByTestId('order-net').count())
      ? await text(page, 'order-net')
      : await text(page, 'order-total'),
  };
}

describe('the quote before the order', () => {
  it('a member sees the lines, shipping and total before confirming; pickup and part payment change them; the order is created at that amount', async () => {
    await withPage(browser, { lang: 'en', viewport: DESKTOP }, async (page) => {
      await signIn(page, buyer.email, buyer.password);
      await page.goto('/ecommerce?category=health');
      await page.getByTestId('add-H002').click();
      await expect.poll(() => page.getByTestId('shop-cart').getAttribute('aria-label')).toMatch(/\D1(\D|$)/);
      await page.goto('/ecommerce/checkout');

      // Shipped to the address book's address: Vitamin C ฿420.00 + ฿50.00 shipping.
      const shipped = await currentQuote(page);
      expect(shipped).toMatchObject({
        items: ['H002'],
        subtotal: '฿420.00',
        shipping: '฿50.00',
        total: '฿470.00',
        net: '฿470.00',
      });
      expect(await text(page, 'quote-vat')).toBe('฿30.75'); // 470 × 7 / 107
      expect(await page.getByTestId('quote-item-H002').innerText()).toContain('Vitamin C 1000 mg');
      await shot(page, 'shop-quote-en-desktop');

      await page.getByLabel('Pick up at the office').check();
      await expect.poll(async () => (await currentQuote(page)).total).toBe('฿420.00');
      await page.getByTestId('use-lvp').fill('30');
      await page.getByTestId('use-points').fill('20');
      await expect.poll(async () => (await currentQuote(page)).net).toBe('฿370.00');
      const quoted = await currentQuote(page);
      expect(quoted).toMatchObject({ shipping: '฿0.00', lvp: '−฿30.00', points: '−฿20.00' });
      await page.getByTestId('pay-transfer').check();
      await currentQuote(page);
      await shot(page, 'shop-quote-part-en-desktop');

      await page.getByTestId('checkout-place').click();
      const order = await orderShown(page);
      expect(order).toEqual({ items: quoted.items, total: quoted.total, net: quoted.net });
    });
  });

  it("a guest sees the community shop's lines and total before typing their details; the order is created at that amount", async () => {
    await withPage(browser, { lang: 'th', viewport: PHONE }, async (page) => {
      await page.goto(`/ecommerce?shop=${DEMO.invitationCode}&category=home`);
      await page.getByTestId('add-L001').click();
      await page.getByTestId('add-L002').click();
      await expect.poll(() => page.getByTestId('shop-cart').getAttribute('aria-label')).toMatch(/\D2(\D|$)/);
      await page.getByTestId('shop-cart').click();
      await page.getByTestId('cart-checkout').click();
      await waitForPath(page, '/ecommerce/checkout');

      const shipped = await currentQuote(page);
      expect(shipped.items.sort()).toEqual(['L001', 'L002']);
      expect(shipped.shipping).toBe('฿50.00');
      // PV is the seller's business, not the guest's.
      expect(await page.getByTestId('quote-pv').count()).toBe(0);
      expect(await sidewaysBoxes(page)).toEqual([]);
      await shot(page, 'shop-guest-quote-th-phone');

      await page.getByLabel('รับเองที่สำนักงาน').check();
      await expect.poll(async () => (await currentQuote(page)).shipping).toBe('฿0.00');
      const quoted = await currentQuote(page);
      await page.getByTestId('guest-name').fill('สมศรี ลูกค้า');
      await page.getByTestId('guest-telephone').fill('0891234568');
      await page.getByTestId('pay-transfer').check();
      await currentQuote(page);
      await page.getByTestId('checkout-place').click();
      const order = await orderShown(page);
      expect({ ...order, items: order.items.sort() }).toEqual({
        items: quoted.items.sort(),
        total: quoted.total,
        net: quoted.net,
      });
    });
  });

  it('screens: the member and guest checkout with its quote in Thai and English, desktop and phone', async () => {
    for (const lang of ['th', 'en'] as const) {
      for (const [device, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await withPage(browser, { lang, viewport }, async (page) => {
          await page.goto(`/ecommerce?shop=${DEMO.invitationCode}&category=beauty`);
          await page.getByTestId('add-B002').click();
          await page.goto(`/ecommerce/checkout?shop=${DEMO.invitationCode}`);
          await currentQuote(page);
          expect(await sidewaysBoxes(page)).toEqual([]);
          await shot(page, `shop-checkout-guest-${lang}-${device}`);

          await signIn(page, buyer.email, buyer.password);
          await page.goto('/ecommerce?category=beauty');
          await page.getByTestId('add-B002').click();
          await expect
            .poll(() => page.getByTestId('shop-cart').getAttribute('aria-label'))
            .toMatch(/\D1(\D|$)/);
          await page.goto('/ecommerce/checkout');
          await page.getByTestId('use-lvp').fill('5');
          await expect.poll(async () => (await currentQuote(page)).lvp).toBe('−฿5.00');
          expect(await sidewaysBoxes(page)).toEqual([]);
          await shot(page, `shop-checkout-quote-${lang}-${device}`);
          // Leave the cart empty for the next screen.
          await page.goto('/ecommerce/cart');
          await page
            .getByRole('button', { name: lang === 'th' ? 'ลบ' : 'Remove', exact: true })
            .first()
            .click();
          await expect
            .poll(() => page.getByTestId('shop-cart').getAttribute('aria-label'))
            .toMatch(/\D0(\D|$)/);
        });
      }
    }
  });
});
