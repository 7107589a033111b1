import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type { CheckoutResult, Order } from '@portal/contracts/shop';
import { createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, expectIso, row } from '../../helpers/expect';
import {
  addProduct,
  addToCart,
  balances,
  buyer,
  checkout,
  giveLvp,
  givePoints,
  pickup,
  placed,
  shippingAddress,
  shop,
  SHOP_ENV,
  stockOf,
} from '../../helpers/shop';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(SHOP_ENV);
});
afterAll(() => t.close());

const volumeOf = (orderNo: string) =>
  count(
    t,
    `select coalesce(sum(v.pv), 0) as n from volume_postings v join orders o on o.id = v.order_id where o.order_no = $1`,
    [orderNo],
  );

describe('checkout with the demo provider', () => {
  it('when a member checks out their cart then the order is paid at once, posts its PV, LVP and cashback, takes the stock and empties the cart', async () => {
    const m = await buyer(t);
    const address = await shippingAddress(t, m.user.id);
    const tea = await addProduct(t, { memberPrice: '350.00', pvPerUnit: 150, lvpPerUnit: 10, stock: 10 });
    const soap = await addProduct(t, {
      memberPrice: '99.50',
      retailPrice: '120.00',
      pvPerUnit: 30,
      lvpPerUnit: 2,
    });
    await addToCart(t, m.token, tea.code, 2);
    await addToCart(t, m.token, soap.code, 1);
    const order = await placed(t, m.token, {
      delivery: { method: 'shipping', address_id: address },
      payment_method: 'demo',
    });
    // 2 × 350.00 + 99.50 = 799.50, under the free-shipping line: + 50.00 shipping = 849.50 incl. 7% VAT
    expect(order).toMatchObject({
      order_type: 'REPURCHASE',
      channel: 'MEMBER',
      status: 'paid',
      payment_status: 'paid',
      subtotal: '799.50',
      shipping_amount: '50.00',
      total_amount: '849.50',
      vat_amount: '55.57', // 849.50 × 7 / 107 = 55.574…
      net_amount: '849.50',
      pv_total: 330,
      lvp_total: 22,
      payment: { method: 'demo', state: 'confirmed', amount: '849.50' },
    });
    expect(order.order_no).toMatch(/^SO\d{6}\d{6}$/);
    expect(
      order.items.map((i) => [i.product_code, i.quantity, i.unit_price, i.pv_per_unit, i.lvp_per_unit]),
    ).toEqual([
      [tea.code, 2, '350.00', 150, 10],
      [soap.code, 1, '99.50', 30, 2],
    ]);
    expect(order.delivery.address).toMatchObject({ address_line: '99/1 ถนนสุขุมวิท', post_code: '10110' });
    expectIso(order.paid_at);
    expect(order.payment_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect(await volumeOf(order.order_no)).toBe(330);
    expect((await balances(t, m.member.id)).lvp).toBe(22);
    expect(await row(t, `select type, amount from income_lines where member_id = $1`, [m.member.id])).toEqual(
      { type: 'CASHBACK', amount: '16.50' },
    ); // 5% of 330 PV
    expect(await stockOf(t, tea.code)).toBe(8);
    expect(expectData(await shop(t, 'GET', `/cart/${m.user.id}`, m.token))).toEqual([]);

    const mine = expectData<Page<Order>>(await shop(t, 'GET', '/v1/orders', m.token));
    expect(mine.items.map((o) => o.order_no)).toEqual([order.order_no]);
    const one = expectData<Order>(await shop(t, 'GET', `/v1/orders/${order.order_no}`, m.token));
    expect(one).toEqual(order);
  });

  it('when the cart reaches the free-shipping line, or the order is picked up, then shipping is free', async () => {
    const m = await buyer(t);
    const big = await addProduct(t, { memberPrice: '1000.00', retailPrice: '1200.00' });
    await addToCart(t, m.token, big.code);
    const address = await shippingAddress(t, m.user.id);
    const order = await placed(t, m.token, {
      delivery: { method: 'shipping', address_id: address },
      payment_method: 'demo',
    });
    expect(order).toMatchObject({ shipping_amount: '0.00', total_amount: '1000.00', vat_amount: '65.42' });
    await addToCart(t, m.token, big.code);
    expect(await placed(t, m.token, { ...pickup, payment_method: 'demo' })).toMatchObject({
      shipping_amount: '0.00',
    });
  });

  it("when the address is another member's, the cart is empty or the method is unknown then nothing is ordered", async () => {
    const m = await buyer(t);
    const other = await buyer(t);
    const theirs = await shippingAddress(t, other.user.id);
    await addToCart(t, m.token, (await addProduct(t)).code);
    const status = expectError(
      await checkout(t, m.token, {
        delivery: { method: 'shipping', address_id: theirs },
        payment_method: 'demo',
      }),
      422,
      'VALIDATION_ERROR',
    );
    expect(status.errors).toHaveProperty(['delivery.address_id']);
    expectError(
      await checkout(t, m.token, { ...pickup, payment_method: 'cash' as never }),
      422,
      'VALIDATION_ERROR',
    );
    const empty = await buyer(t);
    expectError(await checkout(t, empty.token, { ...pickup, payment_method: 'demo' }), 422, 'CART_EMPTY');
    expect(await count(t, `select count(*) as n from orders where member_id = $1`, [m.member.id])).toBe(0);
  });
});

describe('fields a buyer may not set', () => {
  it('when a checkout carries prices, totals, a status or another member then it is refused and nothing is ordered', async () => {
    const m = await buyer(t);
    await addToCart(t, m.token, (await addProduct(t)).code);
    for (const extra of [
      { net_amount: '0.00' },
      { total_amount: '1.00' },
      { status: 'paid' },
      { member_id: 1 },
      { items: [{ product_code: 'X', unit_price: '0.01' }] },
    ]) {
      const res = await checkout(t, m.token, { ...pickup, payment_method: 'demo', ...extra } as never);
      expectError(res, 422, 'VALIDATION_ERROR');
    }
    expect(await count(t, `select count(*) as n from orders where member_id = $1`, [m.member.id])).toBe(0);
  });
});

describe('idempotent checkout', () => {
  it('when the same Idempotency-Key is sent again then the same order answers and nothing more is written', async () => {
    const m = await buyer(t);
    const p = await addProduct(t, { stock: 5 });
    await addToCart(t, m.token, p.code, 2);
    const key = randomUUID();
    const body = { ...pickup, payment_method: 'demo' as const };
    const first = await placed(t, m.token, body, key);
    const again = await checkout(t, m.token, body, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(expectData<CheckoutResult>(again, 200).order).toEqual(first);
    // Both at once: still one order.
    const [x, y] = await Promise.all([checkout(t, m.token, body, key), checkout(t, m.token, body, key)]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(await count(t, `select count(*) as n from orders where member_id = $1`, [m.member.id])).toBe(1);
    expect(await stockOf(t, p.code)).toBe(3);
    expect(await volumeOf(first.order_no)).toBe(300);
  });

  it('when the key comes with another request, or without a key, then the checkout is refused', async () => {
    const m = await buyer(t);
    await addToCart(t, m.token, (await addProduct(t)).code);
    const key = randomUUID();
    await placed(t, m.token, { ...pickup, payment_method: 'demo' }, key);
    expectError(
      await checkout(t, m.token, { ...pickup, payment_method: 'transfer' }, key),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    await addToCart(t, m.token, (await addProduct(t)).code);
    const res = await shop(t, 'POST', '/v1/orders', m.token, { ...pickup, payment_method: 'demo' });
    expect(expectError(res, 422, 'VALIDATION_ERROR').errors).toHaveProperty(['idempotency-key']);
    expectError(
      await checkout(t, m.token, { ...pickup, payment_method: 'demo' }, 'short'),
      422,
      'VALIDATION_ERROR',
    );
  });
});

describe('part payment from the point balance and LVP', () => {
  const setup = async (price = '300.00') => {
    const m = await buyer(t);
    const p = await addProduct(t, { memberPrice: price, retailPrice: price, stock: 10, lvpPerUnit: 0 });
    await addToCart(t, m.token, p.code);
    return { m, p };
  };

  it('when points and LVP pay part of the order then the rest is the net amount and both balances go down', async () => {
    const { m } = await setup();
    await giveLvp(t, m.member.id, 40);
    await givePoints(t, m.member.id, '25.50');
    const order = await placed(t, m.token, {
      ...pickup,
      payment_method: 'transfer',
      use_lvp: 40,
      use_points: '25.50',
    });
    expect(order).toMatchObject({
      total_amount: '300.00',
      lvp_used: 40,
      points_used: '25.50',
      net_amount: '234.50',
      status: 'pending_payment',
      payment: { method: 'transfer', state: 'pending', amount: '234.50' },
    });
    expect(await balances(t, m.member.id)).toEqual({ lvp: 0, points: '0.00' });
    expect(
      await row(t, `select remark, points from lvp_postings where member_id = $1 and type = 'DECREASE'`, [
        m.member.id,
      ]),
    ).toEqual({ remark: `use in order ${order.order_no}`, points: -40 });
  });

  it('when points and LVP cover everything then the order is paid at once by the balance', async () => {
    const { m } = await setup('30.00');
    await givePoints(t, m.member.id, '30.00');
    const order = await placed(t, m.token, { ...pickup, payment_method: 'transfer', use_points: '30' });
    expect(order).toMatchObject({
      net_amount: '0.00',
      status: 'paid',
      payment: { method: 'balance', state: 'confirmed' },
    });
  });

  it('when the amounts are negative, more than the balance, or more than the total, then the checkout is refused and nothing changes', async () => {
    const { m, p } = await setup();
    await giveLvp(t, m.member.id, 10);
    await givePoints(t, m.member.id, '5.00');
    const pay = (extra: Record<string, unknown>) =>
      checkout(t, m.token, { ...pickup, payment_method: 'demo', ...extra } as never);
    expectError(await pay({ use_lvp: -1 }), 422, 'VALIDATION_ERROR');
    expectError(await pay({ use_points: '-1.00' }), 422, 'VALIDATION_ERROR');
    expectError(await pay({ use_points: '1.001' }), 422, 'VALIDATION_ERROR');
    expectError(await pay({ use_lvp: 1.5 }), 422, 'VALIDATION_ERROR');
    expectError(await pay({ use_lvp: 11 }), 422, 'INSUFFICIENT_LVP');
    expectError(await pay({ use_points: '5.01' }), 422, 'INSUFFICIENT_POINTS');
    await giveLvp(t, m.member.id, 1000);
    expectError(await pay({ use_lvp: 301 }), 422, 'PART_PAYMENT_TOO_LARGE');
    expectError(await pay({ use_lvp: 296, use_points: '5.00' }), 422, 'PART_PAYMENT_TOO_LARGE');
    expect(await balances(t, m.member.id)).toEqual({ lvp: 1010, points: '5.00' });
    expect(await count(t, `select count(*) as n from orders where member_id = $1`, [m.member.id])).toBe(0);
    expect(await stockOf(t, p.code)).toBe(10);
    expect(expectData(await shop(t, 'GET', `/cart/${m.user.id}`, m.token))).toHaveLength(1);
  });

  it('when the LVP balance is negative (a reversal drove it below zero) then no LVP can be spent', async () => {
    const { m } = await setup();
    await giveLvp(t, m.member.id, -20);
    expectError(
      await checkout(t, m.token, { ...pickup, payment_method: 'demo', use_lvp: 1 }),
      422,
      'INSUFFICIENT_LVP',
    );
    expect(await placed(t, m.token, { ...pickup, payment_method: 'demo' })).toMatchObject({ status: 'paid' });
  });
});

describe('hold points and packages', () => {
  it('when a repurchase holds its points then a hold lot takes the PV and nothing is posted; a package cannot hold', async () => {
    const m = await buyer(t);
    const p = await addProduct(t, { pvPerUnit: 200 });
    await addToCart(t, m.token, p.code);
    const order = await placed(t, m.token, { ...pickup, payment_method: 'demo', hold_points: true });
    expect(order).toMatchObject({ hold_points: true, status: 'paid' });
    expect(await volumeOf(order.order_no)).toBe(0);
    expect(await row(t, `select pv_total from hold_lots where member_id = $1`, [m.member.id])).toEqual({
      pv_total: 200,
    });
    await addToCart(t, m.token, 'PKG-STARTER');
    expectError(
      await checkout(t, m.token, { ...pickup, payment_method: 'demo', hold_points: true }),
      422,
      'VALIDATION_ERROR',
    );
  });

  it('when a member buys a first package and then upgrades then the upgrade is sold as the difference; a lower package is refused', async () => {
    const sponsor = await buyer(t);
    const m = await buyer(t, { referrerId: sponsor.member.id });
    await addToCart(t, m.token, 'PKG-STARTER');
    expectError(
      await checkout(t, m.token, { ...pickup, payment_method: 'demo', order_type: 'REPURCHASE' }),
      422,
      'VALIDATION_ERROR',
    );
    const first = await placed(t, m.token, { ...pickup, payment_method: 'demo', order_type: 'PACKAGE' });
    expect(first).toMatchObject({
      order_type: 'PACKAGE',
      package_code: 'STARTER',
      total_amount: '1500.00',
      pv_total: 500,
    });
    await addToCart(t, m.token, 'PKG-GOLD');
    const upgrade = await placed(t, m.token, { ...pickup, payment_method: 'demo' });
    expect(upgrade).toMatchObject({
      order_type: 'UPGRADE',
      package_code: 'GOLD',
      total_amount: '13500.00',
      pv_total: 4000,
      items: [{ product_code: 'PKG-GOLD', unit_price: '13500.00', pv_per_unit: 4000 }],
    });
    await addToCart(t, m.token, 'PKG-SILVER');
    expectError(await checkout(t, m.token, { ...pickup, payment_method: 'demo' }), 409, 'PLAN_RULE');
    expect(await count(t, `select count(*) as n from orders where member_id = $1`, [m.member.id])).toBe(2);
  });

  it('when a package order waits for payment then a second package order is refused until it is paid or canceled', async () => {
    const m = await buyer(t);
    await addToCart(t, m.token, 'PKG-SILVER');
    const waiting = await placed(t, m.token, { ...pickup, payment_method: 'transfer' });
    await addToCart(t, m.token, 'PKG-GOLD');
    const status = expectError(
      await checkout(t, m.token, { ...pickup, payment_method: 'demo' }),
      409,
      'PLAN_RULE',
    );
    expect(status.message).toContain(waiting.order_no);
  });
});

describe('cancellation by the member', () => {
  it('when a member cancels an unpaid order then it is canceled, its stock and the LVP and points spent on it come back', async () => {
    const m = await buyer(t);
    const p = await addProduct(t, { memberPrice: '200.00', retailPrice: '200.00', stock: 4 });
    await giveLvp(t, m.member.id, 15);
    await givePoints(t, m.member.id, '10.00');
    await addToCart(t, m.token, p.code, 2);
    const order = await placed(t, m.token, {
      ...pickup,
      payment_method: 'transfer',
      use_lvp: 15,
      use_points: '10',
    });
    expect(await stockOf(t, p.code)).toBe(2);
    const canceled = expectData<Order>(
      await shop(t, 'POST', `/v1/orders/${order.order_no}/cancel`, m.token, {}),
    );
    expect(canceled).toMatchObject({
      status: 'canceled',
      payment_status: 'pending',
      payment: { state: 'canceled' },
    });
    expect(canceled.canceled_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await stockOf(t, p.code)).toBe(4);
    expect(await balances(t, m.member.id)).toEqual({ lvp: 15, points: '10.00' });
    // Twice changes nothing.
    expectData(await shop(t, 'POST', `/v1/orders/${order.order_no}/cancel`, m.token, {}));
    expect(await stockOf(t, p.code)).toBe(4);
    expect(await balances(t, m.member.id)).toEqual({ lvp: 15, points: '10.00' });
  });

  it('when the order is paid then the member cannot cancel it (staff refund it)', async () => {
    const m = await buyer(t);
    await addToCart(t, m.token, (await addProduct(t)).code);
    const order = await placed(t, m.token, { ...pickup, payment_method: 'demo' });
    expectError(
      await shop(t, 'POST', `/v1/orders/${order.order_no}/cancel`, m.token, {}),
      409,
      'ORDER_NOT_CANCELABLE',
    );
  });

  it("when a member reads or cancels another member's order then it does not exist", async () => {
    const m = await buyer(t);
    const other = await buyer(t);
    await addToCart(t, m.token, (await addProduct(t)).code);
    const order = await placed(t, m.token, { ...pickup, payment_method: 'transfer' });
    expectError(await shop(t, 'GET', `/v1/orders/${order.order_no}`, other.token), 404, 'NOT_FOUND');
    expectError(
      await shop(t, 'POST', `/v1/orders/${order.order_no}/cancel`, other.token, {}),
      404,
      'NOT_FOUND',
    );
    expect(expectData<Page<Order>>(await shop(t, 'GET', '/v1/orders', other.token)).items).toEqual([]);
    expect(expectData<Order>(await shop(t, 'GET', `/v1/orders/${order.order_no}`, m.token)).status).toBe(
      'pending_payment',
    );
  });
});
