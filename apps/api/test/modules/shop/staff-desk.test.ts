import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type { Order, Product, StaffOrder } from '@portal/contracts/shop';
import { closeDay } from '../../../src/compensation/engine';
import { addDays, startOfBangkokDay } from '@portal/plan/dates';
import { businessNow } from '../../../src/lib/clock';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, row } from '../../helpers/expect';
import { jpeg, png, upload } from '../../helpers/profile';
import {
  addProduct,
  addToCart,
  balances,
  buyer,
  pickup,
  placed,
  shop,
  SHOP_ENV,
  staffToken,
  stockOf,
} from '../../helpers/shop';

let t: TestApp;
let staff: Awaited<ReturnType<typeof staffToken>>;
beforeAll(async () => {
  t = await createTestApp(SHOP_ENV);
  staff = await staffToken(t);
});
afterAll(() => t.close());

const desk = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = staff.token) =>
  call(t.app, method, `/staff/v1${path}`, { token, body });

const newProduct = (code: string, over: Record<string, unknown> = {}) => ({
  code,
  category: 'home',
  name_th: 'น้ำยาล้างจาน',
  name_en: 'Dish soap',
  retail_price: '89.00',
  member_price: '69.00',
  pv_per_unit: 20,
  lvp_per_unit: 2,
  stock: 50,
  ...over,
});

describe('products for staff', () => {
  it('when staff create, edit and bundle products then the catalog shows them and the audit keeps each change', async () => {
    const created = expectData<Product>(await desk('POST', '/products', newProduct('h-dish-1')), 201);
    expect(created).toMatchObject({
      code: 'H-DISH-1',
      kind: 'PRODUCT',
      member_price: '69.00',
      stock: 50,
      active: true,
    });
    const edited = expectData<Product>(
      await desk('PUT', '/products/H-DISH-1', { member_price: '65', stock: 40 }),
    );
    expect(edited).toMatchObject({ member_price: '65.00', stock: 40 });
    const bundle = expectData<Product>(
      await desk(
        'POST',
        '/products',
        newProduct('H-SET-1', {
          kind: 'BUNDLE',
          name_en: 'Kitchen set',
          pv_per_unit: 50,
          bundle_items: [{ product_code: 'H-DISH-1', quantity: 2 }],
        }),
      ),
      201,
    );
    expect(bundle.bundle_items).toEqual([{ code: 'H-DISH-1', name: 'น้ำยาล้างจาน', quantity: 2 }]);
    const trail = await row<{ detail: { changes: Record<string, unknown> } }>(
      t,
      `select detail from shop_audit where action = 'product_updated' order by id desc limit 1`,
    );
    expect(trail?.detail.changes).toEqual({ member_price: ['69.00', '65.00'], stock: [50, 40] });
  });

  it('when the code exists, the member price is above retail, a package price is changed or a bundle holds a package then it is refused', async () => {
    expectData(await desk('POST', '/products', newProduct('H-DUP-1')), 201);
    expectError(await desk('POST', '/products', newProduct('H-DUP-1')), 409, 'CONFLICT');
    expectError(
      await desk('POST', '/products', newProduct('H-BAD-1', { member_price: '90.00' })),
      422,
      'VALIDATION_ERROR',
    );
    expectError(await desk('PUT', '/products/H-DUP-1', { member_price: '100' }), 422, 'VALIDATION_ERROR');
    expectError(await desk('PUT', '/products/PKG-GOLD', { retail_price: '1.00' }), 422, 'VALIDATION_ERROR');
    expectData(await desk('PUT', '/products/PKG-GOLD', { name_en: 'Gold business package' }));
    expectError(
      await desk(
        'POST',
        '/products',
        newProduct('H-SET-2', { kind: 'BUNDLE', bundle_items: [{ product_code: 'PKG-GOLD', quantity: 1 }] }),
      ),
      422,
      'VALIDATION_ERROR',
    );
    expectError(await desk('PUT', '/products/NOPE-9', { stock: 1 }), 404, 'NOT_FOUND');
  });

  it('when staff upload a picture then it is checked by its bytes, re-encoded and served without a token', async () => {
    expectData(await desk('POST', '/products', newProduct('H-PIC-1')), 201);
    const url = '/staff/v1/products/H-PIC-1/images';
    const withPicture = expectData<Product>(
      await upload(t.app, staff.token, {}, { name: 'x.jpg', data: await jpeg(900, 600) }, { url }),
    );
    expect(withPicture.images).toHaveLength(1);
    const image = withPicture.images[0]!;
    expect(image.url).toMatch(/^\/shop\/v1\/images\/[0-9a-f-]{36}-original\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: image.thumbnail_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('immutable');
    expectError(
      await upload(
        t.app,
        staff.token,
        {},
        { name: 'x.png', data: Buffer.from('<svg onload=alert(1)>') },
        { url },
      ),
      422,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const member = await buyer(t);
    expectError(
      await upload(t.app, member.token, {}, { name: 'x.png', data: await png() }, { url }),
      403,
      'FORBIDDEN',
    );
    const without = expectData<Product>(await desk('DELETE', `/products/H-PIC-1/images/${image.id}`));
    expect(without.images).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/shop/v1/images/../../etc/passwd' })).statusCode).toBe(
      404,
    );
  });

  it('when staff list products then inactive ones are there too; a member gets 403', async () => {
    expectData(await desk('POST', '/products', newProduct('H-OFF-1', { active: false })), 201);
    const off = expectData<Page<Product>>(await desk('GET', '/products?active=false&per_page=100'));
    expect(off.items.map((p) => p.code)).toContain('H-OFF-1');
    const member = await buyer(t);
    expectError(await desk('GET', '/products', undefined, member.token), 403, 'FORBIDDEN');
  });
});

describe('the orders desk', () => {
  const paidOrder = async () => {
    const m = await buyer(t);
    const p = await addProduct(t, {
      memberPrice: '400.00',
      retailPrice: '450.00',
      pvPerUnit: 200,
      lvpPerUnit: 10,
      stock: 10,
    });
    await addToCart(t, m.token, p.code, 2);
    const order = await placed(t, m.token, { ...pickup, payment_method: 'demo' });
    return { m, p, order };
  };

  it('when staff pack, ship with a tracking number and deliver then the member sees each step; steps out of order are refused', async () => {
    const { m, order } = await paidOrder();
    expectError(await desk('POST', `/orders/${order.order_no}/deliver`, {}), 409, 'ORDER_STATUS_CONFLICT');
    expectData(await desk('POST', `/orders/${order.order_no}/packing`, {}));
    expectError(
      await desk('POST', `/orders/${order.order_no}/ship`, { tracking_no: 'x' }),
      422,
      'VALIDATION_ERROR',
    );
    expectData(
      await desk('POST', `/orders/${order.order_no}/ship`, {
        tracking_no: 'TH1234567890',
        carrier: 'Thailand Post',
      }),
    );
    const shipped = expectData<Order>(await shop(t, 'GET', `/v1/orders/${order.order_no}`, m.token));
    expect(shipped).toMatchObject({
      status: 'shipped',
      tracking_no: 'TH1234567890',
      carrier: 'Thailand Post',
    });
    const done = expectData<StaffOrder>(await desk('POST', `/orders/${order.order_no}/deliver`, {}));
    expect(done.status).toBe('delivered');
    expect(
      done.audit.map((a) => [a.action, a.actor_name !== null || a.actor.startsWith('provider:')]),
    ).toEqual([
      ['order_placed', true],
      ['payment_confirmed', true],
      ['order_packing', true],
      ['order_shipped', true],
      ['order_delivered', true],
    ]);
    const found = expectData(await desk('GET', `/orders?q=${order.order_no}`));
    expect(found.items).toMatchObject([
      { order_no: order.order_no, status: 'delivered', member_code: expect.any(String) },
    ]);
  });

  it('when staff cancel an unpaid order then a reason is needed and its stock comes back', async () => {
    const m = await buyer(t);
    const p = await addProduct(t, { stock: 3 });
    await addToCart(t, m.token, p.code, 3);
    const order = await placed(t, m.token, { ...pickup, payment_method: 'transfer' });
    expect(await stockOf(t, p.code)).toBe(0);
    expectError(await desk('POST', `/orders/${order.order_no}/cancel`, {}), 422, 'VALIDATION_ERROR');
    const canceled = expectData<StaffOrder>(
      await desk('POST', `/orders/${order.order_no}/cancel`, { reason: 'Customer asked' }),
    );
    expect(canceled).toMatchObject({
      status: 'canceled',
      cancel_reason: 'Customer asked',
      payment_status: 'pending',
    });
    expect(await stockOf(t, p.code)).toBe(3);
  });

  it('when staff refund a paid order the same day then its PV, LVP and waiting income are reversed that day, once', async () => {
    const { m, order } = await paidOrder();
    const refunded = expectData<StaffOrder>(
      await desk('POST', `/orders/${order.order_no}/cancel`, { reason: 'Damaged in transit' }),
    );
    expect(refunded).toMatchObject({
      status: 'canceled',
      payment_status: 'refunded',
      canceled_date: order.payment_date,
    });
    expectData(await desk('POST', `/orders/${order.order_no}/cancel`, { reason: 'Again' }));
    expect(
      await count(t, `select coalesce(sum(pv),0) as n from volume_postings where member_id = $1`, [
        m.member.id,
      ]),
    ).toBe(0);
    expect((await balances(t, m.member.id)).lvp).toBe(0);
    expect(await row(t, `select state from income_lines where member_id = $1`, [m.member.id])).toEqual({
      state: 'VOID',
    });
    expect(refunded.audit.at(-1)).toMatchObject({
      action: 'order_refunded',
      detail: { reason: 'Damaged in transit' },
    });
  });
});

describe('a refund after the day was closed', () => {
  it('when a paid order is refunded after its day was closed then the reversal is dated the next day (plan 2.4) and the closed day stays as it was', async () => {
    const sponsor = await buyer(t);
    await t.database.pool.query(`update members set depth = 0 where id = $1`, [sponsor.member.id]);
    const m = await buyer(t, { referrerId: sponsor.member.id });
    await t.database.pool.query(
      `update members set placement_parent_id = $1, side = 'left', depth = 1 where id = $2`,
      [sponsor.member.id, m.member.id],
    );
    const p = await addProduct(t, {
      memberPrice: '300.00',
      retailPrice: '300.00',
      pvPerUnit: 300,
      lvpPerUnit: 5,
    });
    await addToCart(t, m.token, p.code);
    const order = await placed(t, m.token, { ...pickup, payment_method: 'demo' });
    const day = order.payment_date!;

    const next = addDays(day, 1);
    const closing = await closeDay(t.database.db, day, {
      startedBy: 'test',
      now: { date: next, at: new Date(startOfBangkokDay(next).getTime() + 1000) },
    });
    expect(closing.alreadyDone).toBe(false);
    const closedRow = await row(
      t,
      `select new_left from closing_rows where member_id = $1 and closing_date = $2`,
      [sponsor.member.id, day],
    );
    expect(closedRow).toEqual({ new_left: 300 });

    // The business clock moves on to the next day (demo mode), as it does at midnight.
    await t.database.pool.query(`insert into demo_clock (id, offset_days) values (1, 1)
      on conflict (id) do update set offset_days = demo_clock.offset_days + 1`);
    expect((await businessNow(t.database.db, t.config)).date).toBe(next);

    const refunded = expectData<StaffOrder>(
      await desk('POST', `/orders/${order.order_no}/cancel`, { reason: 'Returned goods' }),
    );
    expect(refunded).toMatchObject({ payment_status: 'refunded', canceled_date: next, payment_date: day });
    const reversal = await row(
      t,
      `select pv, effective_date::text as date from volume_postings where member_id = $1 and kind = 'REVERSAL'`,
      [m.member.id],
    );
    expect(reversal).toEqual({ pv: -300, date: next });
    expect(
      await row(
        t,
        `select points, effective_date::text as date from lvp_postings where member_id = $1 and type = 'DECREASE'`,
        [m.member.id],
      ),
    ).toEqual({ points: -5, date: next });
    expect(
      await row(t, `select state, voided_date::text as date from income_lines where member_id = $1`, [
        m.member.id,
      ]),
    ).toEqual({
      state: 'VOID',
      date: next,
    });
    // The closed day is untouched.
    expect(
      await row(t, `select new_left from closing_rows where member_id = $1 and closing_date = $2`, [
        sponsor.member.id,
        day,
      ]),
    ).toEqual({ new_left: 300 });
    await t.database.pool.query(`update demo_clock set offset_days = 0`);
  });
});
