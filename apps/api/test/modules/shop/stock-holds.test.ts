import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult, GuestCheckoutBody } from '@portal/contracts/shop';
import type { OrderQuote } from '@portal/contracts/shop-quote';
import { appToken, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, row } from '../../helpers/expect';
import {
  addProduct,
  addToCart,
  buyer,
  checkout,
  pickup,
  placed,
  shop,
  SHOP_ENV,
  stockOf,
} from '../../helpers/shop';

/**
 * Issue 19, item 3: one guest order through a community shop reserved every product's full stock
 * for 48 hours, and a member's cart could do the same. Orders now have caps (a guest's and a
 * member's), and the unpaid orders holding stock are capped per member, per guest e-mail or
 * telephone and per client address: the stock one anonymous client can hold is bounded. The
 * defaults are under test here (the app trusts one proxy, so each test names its client's address).
 */
let t: TestApp;
let guest: string;
const caps = () => t.app.ctx.config.shop.caps;
beforeAll(async () => {
  t = await createTestApp({ ...SHOP_ENV, TRUST_PROXY: '127.0.0.1' });
  guest = await appToken(t.app);
  await buyer(t, { invitationCode: 'HOLDS001' });
});
afterAll(() => t.close());

let phones = 0;
const someone = () => {
  const n = String(++phones).padStart(4, '0');
  return { name: 'ผู้ซื้อ แปลกหน้า', telephone: `08155${n}0`, email: `stranger${n}@example.com` };
};
const from = (address: string) => ({ 'x-forwarded-for': address });
const guestOrder = (body: GuestCheckoutBody, address: string) =>
  shop(t, 'POST', '/v1/community/HOLDS001/orders', guest, body, {
    'idempotency-key': randomUUID(),
    ...from(address),
  });
const guestQuote = (body: GuestCheckoutBody, address: string) =>
  shop(t, 'POST', '/v1/community/HOLDS001/orders/quote', guest, body, from(address));
const transfer = (items: GuestCheckoutBody['items'], customer = someone()): GuestCheckoutBody => ({
  items,
  customer,
  ...pickup,
  payment_method: 'transfer',
});
const ordersNow = () => count(t, 'select count(*) as n from orders');

/** The same refusal from the quote and the order, and nothing written by either. */
async function refusedAlike(body: GuestCheckoutBody, address: string, status: number, code: string) {
  const before = { orders: await ordersNow(), stock: await stocks(body.items) };
  const quoted = expectError(await guestQuote(body, address), status, code as never);
  const ordered = expectError(await guestOrder(body, address), status, code as never);
  expect(ordered).toEqual(quoted);
  expect({ orders: await ordersNow(), stock: await stocks(body.items) }).toEqual(before);
  return ordered;
}
const stocks = async (items: { product_code: string }[]) =>
  Promise.all(items.map((i) => stockOf(t, i.product_code)));

describe('what one stranger can hold', () => {
  it("when a guest orders every product's whole stock by transfer (the probe's order) then it is refused, the same by the quote, and nothing is held", async () => {
    const products = await Promise.all(
      Array.from({ length: 32 }, () =>
        addProduct(t, { retailPrice: '990.00', memberPrice: '700.00', stock: 50 }),
      ),
    );
    const probe = transfer(products.map((p) => ({ product_code: p.code, quantity: 50 })));
    const status = await refusedAlike(probe, '203.0.113.9', 422, 'ORDER_TOO_LARGE');
    expect(Object.keys(status.errors ?? {})).toEqual([`items.${products[0]!.code}`]);

    // Within the quantity per line, still too many products; within both, still too large a total.
    const lines = (n: number, qty: number) =>
      transfer(products.slice(0, n).map((p) => ({ product_code: p.code, quantity: qty })));
    const tooMany = await refusedAlike(
      lines(caps().guest.lines + 1, 1),
      '203.0.113.9',
      422,
      'ORDER_TOO_LARGE',
    );
    expect(tooMany.errors).toEqual({ items: [`At most ${caps().guest.lines} products per order`] });
    const tooMuch = await refusedAlike(
      lines(caps().guest.lines, caps().guest.lineQuantity),
      '203.0.113.9',
      422,
      'ORDER_TOO_LARGE',
    );
    expect(tooMuch.errors).toEqual({ total_amount: ['An order may total at most 20000.00'] });
  });

  it('when one client places the largest orders it may, from one address, then what it holds is bounded: at most the per-address count of orders, each within the guest caps', async () => {
    const { lines, lineQuantity, total } = caps().guest;
    const perAddress = caps().unpaid.perAddress;
    // Priced so that a full order (every line at its cap) fits the total cap: the most one order can take.
    const products = await Promise.all(
      Array.from({ length: lines }, () =>
        addProduct(t, { retailPrice: '190.00', memberPrice: '150.00', stock: 5000 }),
      ),
    );
    const full = () => transfer(products.map((p) => ({ product_code: p.code, quantity: lineQuantity })));
    const address = '198.51.100.7';
    let accepted = 0;
    for (let i = 0; i < perAddress + 3; i++) {
      const res = await guestOrder(full(), address);
      if (res.statusCode !== 201) {
        expectError(res, 409, 'TOO_MANY_UNPAID_ORDERS');
        break;
      }
      accepted++;
    }
    expect(accepted).toBe(perAddress);
    const held = (await row<{ units: number; value: string }>(
      t,
      `select sum(i.qty)::int as units, sum(i.qty * i.unit_price)::text as value
         from order_items i join shop_orders s on s.order_id = i.order_id
        where s.client_address = $1`,
      [address],
    ))!;
    const units = (await stocks(products.map((p) => ({ product_code: p.code })))).reduce(
      (n: number, left) => n + (5000 - left!),
      0,
    );
    expect(units).toBe(held.units);
    // The bound the settings promise: per-address orders x products x units per product, and x the total.
    expect(held.units).toBeLessThanOrEqual(perAddress * lines * lineQuantity);
    expect(Number(held.value)).toBeLessThanOrEqual(perAddress * Number(total));
    expect({ units: held.units, value: held.value }).toEqual({ units: 1000, value: '190000.00' });

    // Refused alike by the quote, with nothing written; another address is not held back by this one.
    await refusedAlike(full(), address, 409, 'TOO_MANY_UNPAID_ORDERS');
    expectData<CheckoutResult>(await guestOrder(full(), '198.51.100.8'), 201);
    // A paid-at-once order holds nothing and is not counted.
    const paid = { ...full(), payment_method: 'demo' as const };
    expectData<CheckoutResult>(await guestOrder(paid, address), 201);
  });

  it('when one guest (e-mail or telephone) has two unpaid orders then a third is refused, from any address', async () => {
    const p = await addProduct(t, { retailPrice: '100.00', memberPrice: '80.00', stock: 100 });
    const me = someone();
    const body = (customer: ReturnType<typeof someone>) =>
      transfer([{ product_code: p.code, quantity: 1 }], customer);
    expectData(await guestOrder(body(me), '192.0.2.1'), 201);
    expectData(await guestOrder({ ...body(me), payment_method: 'promptpay' }, '192.0.2.2'), 201);
    expect(caps().unpaid.perGuest).toBe(2);
    await refusedAlike(body(me), '192.0.2.3', 409, 'TOO_MANY_UNPAID_ORDERS');
    // The same telephone under another e-mail, or the same e-mail (any case) under another telephone.
    await refusedAlike(
      body({ ...someone(), telephone: me.telephone }),
      '192.0.2.4',
      409,
      'TOO_MANY_UNPAID_ORDERS',
    );
    await refusedAlike(
      body({ ...someone(), email: me.email.toUpperCase() }),
      '192.0.2.5',
      409,
      'TOO_MANY_UNPAID_ORDERS',
    );
    expect(await stockOf(t, p.code)).toBe(98);
  });
});

describe("a member's cart", () => {
  it('when the cart holds 999 of a product then the order and its quote are refused and nothing changes', async () => {
    const m = await buyer(t);
    const p = await addProduct(t, { stock: 5000 });
    await addToCart(t, m.token, p.code, 999);
    const body = { ...pickup, payment_method: 'transfer' as const };
    const quoted = expectError(
      await shop(t, 'POST', '/v1/orders/quote', m.token, body),
      422,
      'ORDER_TOO_LARGE',
    );
    const ordered = expectError(await checkout(t, m.token, body), 422, 'ORDER_TOO_LARGE');
    expect(ordered).toEqual(quoted);
    expect(ordered.errors).toEqual({
      [`items.${p.code}`]: [`At most ${caps().member.lineQuantity} of one product per order`],
    });
    expect(await stockOf(t, p.code)).toBe(5000);
    expect(await count(t, 'select count(*) as n from cart_items where user_id = $1', [m.user.id])).toBe(1);
  });

  it('when a member has three unpaid orders then a fourth waiting for payment is refused, one paid at once is not', async () => {
    const m = await buyer(t);
    const p = await addProduct(t, { stock: 100 });
    for (const method of ['transfer', 'promptpay', 'transfer'] as const) {
      await addToCart(t, m.token, p.code, 2);
      await placed(t, m.token, { ...pickup, payment_method: method });
    }
    await addToCart(t, m.token, p.code, 2);
    const body = { ...pickup, payment_method: 'promptpay' as const };
    const before = await ordersNow();
    const quoted = expectError(
      await shop(t, 'POST', '/v1/orders/quote', m.token, body),
      409,
      'TOO_MANY_UNPAID_ORDERS',
    );
    expect(expectError(await checkout(t, m.token, body), 409, 'TOO_MANY_UNPAID_ORDERS')).toEqual(quoted);
    expect(await ordersNow()).toBe(before);
    expect(await stockOf(t, p.code)).toBe(94);
    const quote = expectData<OrderQuote>(
      await shop(t, 'POST', '/v1/orders/quote', m.token, { ...pickup, payment_method: 'demo' }),
    );
    expect(quote.payment_method).toBe('demo');
    await placed(t, m.token, { ...pickup, payment_method: 'demo' });
    expect(await stockOf(t, p.code)).toBe(92);
  });
});
