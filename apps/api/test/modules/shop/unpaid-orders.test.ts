import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@portal/contracts/shop';
import { expireUnpaidOrders } from '../../../src/modules/shop/orders/service';
import { createTestApp, type TestApp } from '../../helpers/app';
import { expectData, row } from '../../helpers/expect';
import { png, upload } from '../../helpers/profile';
import {
  addProduct,
  addToCart,
  balances,
  buyer,
  giveLvp,
  givePoints,
  pickup,
  placed,
  shop,
  SHOP_ENV,
  stockOf,
} from '../../helpers/shop';

/**
 * Issue #7: an order nobody pays does not hold its units, LVP and points for ever. After
 * SHOP_PAYMENT_HOURS (here 2) the scheduler's job cancels it as the member's cancel would.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...SHOP_ENV, SHOP_PAYMENT_HOURS: '2' });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const order = async (token: string, no: string) =>
  expectData<Order>(await shop(t, 'GET', `/v1/orders/${no}`, token));

async function waiting(opts: { lvp?: number; points?: string; method?: 'transfer' | 'promptpay' } = {}) {
  const m = await buyer(t);
  const p = await addProduct(t, { memberPrice: '300.00', retailPrice: '300.00', stock: 7, lvpPerUnit: 0 });
  await addToCart(t, m.token, p.code, 3);
  if (opts.lvp) await giveLvp(t, m.member.id, opts.lvp);
  if (opts.points) await givePoints(t, m.member.id, opts.points);
  const placedAt = Date.now();
  const o = await placed(t, m.token, {
    ...pickup,
    payment_method: opts.method ?? 'transfer',
    use_lvp: opts.lvp ?? 0,
    use_points: opts.points ?? '0',
  });
  return { m, p, o, placedAt };
}

describe('unpaid orders run out of time', () => {
  it('when the payment time has passed then the order is canceled, its units are back on the shelf and its LVP and points come back; a second run changes nothing', async () => {
    const { m, p, o, placedAt } = await waiting({ lvp: 20, points: '15.00' });
    expect(o.payment?.expires_at).toBeTruthy();
    const expires = Date.parse(o.payment!.expires_at!);
    expect(expires - placedAt).toBeGreaterThanOrEqual(2 * HOUR - 5_000);
    expect(expires - placedAt).toBeLessThanOrEqual(2 * HOUR + 5_000);
    expect(await stockOf(t, p.code)).toBe(4);
    expect(await balances(t, m.member.id)).toEqual({ lvp: 0, points: '0.00' });

    // Not yet: a minute before the time is up nothing happens.
    await expireUnpaidOrders(t.app.ctx, new Date(expires - 60_000));
    expect((await order(m.token, o.order_no)).status).toBe('pending_payment');

    const first = await expireUnpaidOrders(t.app.ctx, new Date(expires + 1));
    expect(first.canceled).toBeGreaterThanOrEqual(1);
    expect(await order(m.token, o.order_no)).toMatchObject({
      status: 'canceled',
      payment_status: 'pending',
      payment: { state: 'canceled' },
    });
    expect(await stockOf(t, p.code)).toBe(7);
    expect(await balances(t, m.member.id)).toEqual({ lvp: 20, points: '15.00' });
    expect(
      await row(
        t,
        `select actor, action from shop_audit
         where order_id = (select id from orders where order_no = $1) order by id desc limit 1`,
        [o.order_no],
      ),
    ).toEqual({ actor: 'scheduler', action: 'order_canceled' });

    await expireUnpaidOrders(t.app.ctx, new Date(expires + HOUR));
    expect(await stockOf(t, p.code)).toBe(7);
    expect(await balances(t, m.member.id)).toEqual({ lvp: 20, points: '15.00' });
  });

  it('when the buyer sent a slip that staff have not looked at then the order waits for staff, however late', async () => {
    const { m, o } = await waiting();
    expectData(
      await upload(
        t.app,
        m.token,
        {},
        { name: 'slip.png', data: await png(70, 50, '#226644') },
        { url: `/shop/v1/orders/${o.order_no}/slip` },
      ),
    );
    await expireUnpaidOrders(t.app.ctx, new Date(Date.parse(o.payment!.expires_at!) + 10 * HOUR));
    expect(await order(m.token, o.order_no)).toMatchObject({
      status: 'pending_payment',
      payment: { state: 'submitted' },
    });
  });

  it('when an order is paid, or paid at once, then it is never touched', async () => {
    const m = await buyer(t);
    const p = await addProduct(t, { stock: 5 });
    await addToCart(t, m.token, p.code, 2);
    const paid = await placed(t, m.token, { ...pickup, payment_method: 'demo' });
    await expireUnpaidOrders(t.app.ctx, new Date(Date.now() + 100 * HOUR));
    expect(await order(m.token, paid.order_no)).toMatchObject({ status: 'paid', payment_status: 'paid' });
    expect(await stockOf(t, p.code)).toBe(3);
  });
});
