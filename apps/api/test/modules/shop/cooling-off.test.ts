import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoolingOffState, StaffCoolingOffRow } from '@portal/contracts/sale-document';
import type { CheckoutResult, Order } from '@portal/contracts/shop';
import type { OrderTaxDocuments } from '@portal/contracts/tax';
import { addDays, bangkokDate } from '@portal/plan/dates';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError } from '../../helpers/expect';
import {
  addProduct,
  addToCart,
  buyer,
  pickup,
  placed,
  shop,
  SHOP_ENV,
  staffToken,
  stockOf,
} from '../../helpers/shop';

let t: TestApp;
let staff: string;
let guest: string;
beforeAll(async () => {
  t = await createTestApp(SHOP_ENV);
  staff = (await staffToken(t)).token;
  guest = await appToken(t.app);
  await buyer(t, { invitationCode: 'COOLOFF1' });
});
afterAll(() => t.close());

const desk = (method: 'GET' | 'POST', path: string, body: unknown = {}) =>
  call(t.app, method, `/staff/v1${path}`, { token: staff, body: method === 'GET' ? undefined : body });

async function delivered(no: string) {
  expectData(await desk('POST', `/orders/${no}/ship`, { tracking_no: 'TH0001' }));
  expectData(await desk('POST', `/orders/${no}/deliver`));
}

/** A member's paid order of one product (with PV, LVP and a referrer, so the engine has something to reverse). */
async function memberOrder() {
  const referrer = await buyer(t);
  const m = await buyer(t, { referrerId: referrer.member.id });
  const p = await addProduct(t, {
    memberPrice: '642.00',
    retailPrice: '700.00',
    pvPerUnit: 200,
    lvpPerUnit: 20,
  });
  await addToCart(t, m.token, p.code, 2);
  const order = await placed(t, m.token, { ...pickup, payment_method: 'demo' });
  return { m, order, product: p };
}

/** What the engine wrote for an order, apart from ids, order numbers and members: the rows a refund must reverse. */
async function ledgerOf(orderNo: string) {
  const q = async (text: string) => (await t.database.pool.query(text, [orderNo])).rows;
  return {
    volume:
      await q(`select v.pv, v.kind, v.personal, v.flows_up from volume_postings v join orders o on o.id = v.order_id
      where o.order_no = $1 order by v.id`),
    lvp: await q(`select l.type, l.points from lvp_postings l join orders o on o.id = l.order_id
      where o.order_no = $1 order by l.id`),
    income:
      await q(`select i.type, i.amount, i.state, i.correction from income_lines i join orders o on o.id = i.order_id
      where o.order_no = $1 order by i.id`),
    order: await q(`select status, payment_status from orders where order_no = $1`),
  };
}

describe('cancelling within the cooling-off period', () => {
  it('when a member asks within 7 days of delivery, staff receive the goods and refund, then the engine reverses the order as the desk’s refund does, and a credit note is issued', async () => {
    const a = await memberOrder();
    const b = await memberOrder();
    await delivered(a.order.order_no);
    await delivered(b.order.order_no);

    const before = expectData<CoolingOffState>(
      await shop(t, 'GET', `/v1/orders/${a.order.order_no}/cooling-off`, a.m.token),
    );
    const today = bangkokDate(new Date());
    expect(before).toEqual({ request: null, available: true, period_ends_on: addDays(today, 7) });

    const asked = expectData<CoolingOffState>(
      await shop(t, 'POST', `/v1/orders/${a.order.order_no}/cooling-off`, a.m.token, {
        reason: 'ไม่ถูกใจสินค้า',
      }),
      201,
    );
    expect(asked.request).toMatchObject({
      order_no: a.order.order_no,
      reason: 'ไม่ถูกใจสินค้า',
      period_ends_on: addDays(today, 7),
      refund_due_on: addDays(today, 15),
      goods_received_at: null,
      refunded_at: null,
    });
    expect(asked.available).toBe(false);
    // The same request again changes nothing.
    expectData(await shop(t, 'POST', `/v1/orders/${a.order.order_no}/cooling-off`, a.m.token, {}), 200);

    const open = expectData<StaffCoolingOffRow[]>(await desk('GET', '/cooling-off'));
    expect(open.find((r) => r.order_no === a.order.order_no)).toMatchObject({
      total_amount: '1284.00',
      channel: 'MEMBER',
    });

    expect(
      expectData<CoolingOffState>(await desk('GET', `/orders/${a.order.order_no}/cooling-off`)).request,
    ).toEqual(asked.request);
    expectError(
      await desk('POST', `/orders/${a.order.order_no}/cooling-off/refund`),
      409,
      'ORDER_STATUS_CONFLICT',
    );
    const stock = await stockOf(t, a.product.code);
    expectData(await desk('POST', `/orders/${a.order.order_no}/cooling-off/goods-received`));
    expect(await stockOf(t, a.product.code)).toBe(stock! + 2);
    const done = expectData<CoolingOffState>(
      await desk('POST', `/orders/${a.order.order_no}/cooling-off/refund`),
    );
    expect(done.request!.refunded_at).not.toBeNull();
    expectData(await desk('POST', `/orders/${a.order.order_no}/cooling-off/refund`)); // again: nothing more

    // The same order refunded at the desk: the engine's rows are the same.
    expectData(await desk('POST', `/orders/${b.order.order_no}/cancel`, { reason: 'desk refund' }));
    const viaCoolingOff = await ledgerOf(a.order.order_no);
    expect(viaCoolingOff.order).toEqual([{ status: 'canceled', payment_status: 'refunded' }]);
    expect(viaCoolingOff.volume.length).toBeGreaterThan(1);
    expect(viaCoolingOff).toEqual(await ledgerOf(b.order.order_no));

    const docs = expectData<OrderTaxDocuments>(
      await shop(t, 'GET', `/v1/orders/${a.order.order_no}/tax-invoice`, a.m.token),
    );
    expect(docs.credit_note).toMatchObject({
      total: '1284.00',
      vat: '84.00',
      refers_to: docs.invoice!.number,
    });
    expect(docs.credit_note!.reason).toContain('ไม่ถูกใจสินค้า');
    expect(
      expectData<StaffCoolingOffRow[]>(await desk('GET', '/cooling-off')).some(
        (r) => r.order_no === a.order.order_no,
      ),
    ).toBe(false);
  });

  it('when the period has ended then the request is refused with the day it ended, and nothing is written', async () => {
    const { m, order } = await memberOrder();
    await delivered(order.order_no);
    // Delivered ten days ago.
    await t.database.pool.query(
      `update shop_orders set delivered_at = now() - interval '10 days' where order_id = (select id from orders where order_no = $1)`,
      [order.order_no],
    );
    const ended = addDays(bangkokDate(new Date(Date.now() - 10 * 86_400_000)), 7);
    const state = expectData<CoolingOffState>(
      await shop(t, 'GET', `/v1/orders/${order.order_no}/cooling-off`, m.token),
    );
    expect(state).toEqual({ request: null, available: false, period_ends_on: ended });
    const refused = expectError(
      await shop(t, 'POST', `/v1/orders/${order.order_no}/cooling-off`, m.token, {}),
      409,
      'ORDER_STATUS_CONFLICT',
    );
    expect(refused.message).toContain(ended);
    expect(refused.errors).toEqual({ period_ends_on: [refused.message] });
    expect(
      await count(
        t,
        `select count(*) as n from cooling_off_requests r join orders o on o.id = r.order_id where o.order_no = $1`,
        [order.order_no],
      ),
    ).toBe(0);
  });

  it('when the order is not delivered yet, or belongs to someone else, then there is nothing to cancel this way', async () => {
    const { m, order } = await memberOrder();
    expectError(
      await shop(t, 'POST', `/v1/orders/${order.order_no}/cooling-off`, m.token, {}),
      409,
      'ORDER_STATUS_CONFLICT',
    );
    const other = await buyer(t);
    expectError(
      await shop(t, 'POST', `/v1/orders/${order.order_no}/cooling-off`, other.token, {}),
      404,
      'NOT_FOUND',
    );
  });

  it('when a guest asks with the order key then the request is recorded, and refunded like a member’s', async () => {
    const p = await addProduct(t, { memberPrice: '200.00', retailPrice: '321.00' });
    const result = expectData<CheckoutResult>(
      await shop(
        t,
        'POST',
        '/v1/community/COOLOFF1/orders',
        guest,
        {
          items: [{ product_code: p.code, quantity: 1 }],
          customer: { name: 'ลูกค้า ทดลอง', telephone: '0861234567' },
          ...pickup,
          payment_method: 'demo',
        },
        { 'idempotency-key': randomUUID() },
      ),
      201,
    );
    const no = result.order.order_no;
    const key = { 'x-order-key': result.guest_key! };
    await delivered(no);
    expectData(await shop(t, 'POST', `/v1/orders/${no}/cooling-off`, guest, {}, key), 201);
    expectData(await desk('POST', `/orders/${no}/cooling-off/goods-received`));
    expectData(await desk('POST', `/orders/${no}/cooling-off/refund`));
    const order = expectData<Order>(
      await shop(t, 'GET', `/v1/community/orders/${no}`, guest, undefined, key),
    );
    expect(order).toMatchObject({ status: 'canceled', payment_status: 'refunded' });
  });
});
