import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type {
  CheckoutResult,
  CommunityProduct,
  DropshipIncome,
  GuestCheckoutBody,
  Order,
  SellingPrice,
} from '@portal/contracts/shop';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, row } from '../../helpers/expect';
import { multipart, png } from '../../helpers/profile';
import { addProduct, buyer, shop, SHOP_ENV, staffToken, stockOf } from '../../helpers/shop';

let t: TestApp;
let guest: string;
let seller: Awaited<ReturnType<typeof buyer>>;
beforeAll(async () => {
  t = await createTestApp(SHOP_ENV);
  guest = await appToken(t.app);
  seller = await buyer(t, { invitationCode: 'SHOPM001' });
});
afterAll(() => t.close());

const customer = { name: 'ลูกค้า ทั่วไป', telephone: '0899999999', email: 'guest@example.com' };
const address = {
  recipient: 'ลูกค้า ทั่วไป',
  telephone: '0899999999',
  address_line: '1 ถนนพระราม 4',
  province: 'กรุงเทพมหานคร',
  post_code: '10500',
};
const guestCheckout = (body: GuestCheckoutBody, key: string = randomUUID(), code = 'shopm001') =>
  shop(t, 'POST', `/v1/community/${code}/orders`, guest, body, { 'idempotency-key': key });
const asGuest = (method: 'GET' | 'POST', path: string, key: string, body?: unknown) =>
  shop(t, method, path, guest, body, { 'x-order-key': key });

describe('selling prices of a community shop', () => {
  it('when the member sets a price between member and retail price then the shop sells at it; outside the range it is refused', async () => {
    const p = await addProduct(t, { memberPrice: '350.00', retailPrice: '490.00' });
    const set = (price: string) =>
      shop(t, 'PUT', `/v1/me/selling-prices/${p.code}`, seller.token, { selling_price: price });
    expectError(await set('349.99'), 422, 'SELLING_PRICE_OUT_OF_RANGE');
    expectError(await set('490.01'), 422, 'SELLING_PRICE_OUT_OF_RANGE');
    expectError(await set('-1'), 422, 'VALIDATION_ERROR');
    expect(expectData<SellingPrice>(await set('450'))).toMatchObject({
      selling_price: '450.00',
      custom: true,
    });
    const mine = expectData<SellingPrice[]>(await shop(t, 'GET', '/v1/me/selling-prices', seller.token));
    expect(mine.find((r) => r.product_code === p.code)).toMatchObject({
      selling_price: '450.00',
      member_price: '350.00',
    });
    const list = expectData<Page<CommunityProduct>>(
      await shop(t, 'GET', '/v1/community/SHOPM001/products?per_page=100', guest),
    );
    expect(list.items.find((i) => i.code === p.code)).toMatchObject({
      selling_price: '450.00',
      member_price: null,
    });
    expect(list.items.some((i) => i.kind === 'PACKAGE')).toBe(false);
    const reset = expectData<SellingPrice>(
      await shop(t, 'DELETE', `/v1/me/selling-prices/${p.code}`, seller.token),
    );
    expect(reset).toMatchObject({ selling_price: '490.00', custom: false });
  });

  it('when the shop code is unknown then the shop does not exist', async () => {
    expectError(await shop(t, 'GET', '/v1/community/NOSUCH99', guest), 404, 'INVALID_INVITATION_CODE');
    expect(expectData(await shop(t, 'GET', '/v1/community/shopm001', guest))).toMatchObject({
      shop_code: 'SHOPM001',
    });
  });
});

describe('a guest buying in a community shop (plan 4.6)', () => {
  it('when a guest pays (demo) then it is a DROPSHIP order of the member: the member gets the PV and the compensation per line', async () => {
    // Plan example E9: qty 2 at 450.00, member price 350.00, retail 490.00, 150 PV per unit.
    const p = await addProduct(t, {
      memberPrice: '350.00',
      retailPrice: '490.00',
      pvPerUnit: 150,
      stock: 10,
    });
    expectData(
      await shop(t, 'PUT', `/v1/me/selling-prices/${p.code}`, seller.token, { selling_price: '450.00' }),
    );
    const result = expectData<CheckoutResult>(
      await guestCheckout({
        items: [{ product_code: p.code, quantity: 2 }],
        customer,
        delivery: { method: 'shipping', address },
        payment_method: 'demo',
      }),
      201,
    );
    const order = result.order;
    expect(order).toMatchObject({
      order_type: 'DROPSHIP',
      channel: 'COMMUNITY',
      status: 'paid',
      subtotal: '900.00',
      shipping_amount: '50.00',
      total_amount: '950.00',
      pv_total: 300,
      items: [
        {
          product_code: p.code,
          quantity: 2,
          unit_price: '450.00',
          selling_price: '450.00',
          // The customer is never shown the seller's own price (their cost and margin).
          member_price: null,
        },
      ],
    });
    expect(result.guest_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(
      await row(t, `select amount, type, state from income_lines where member_id = $1 and source = $2`, [
        seller.member.id,
        order.order_no,
      ]),
    ).toEqual({ amount: '200.00', type: 'DROPSHIP', state: 'WAITING' });
    expect(
      await count(t, `select sum(pv) as n from volume_postings where member_id = $1 and personal`, [
        seller.member.id,
      ]),
    ).toBe(300);
    expect(await stockOf(t, p.code)).toBe(8);

    const read = expectData<Order>(
      await asGuest('GET', `/v1/community/orders/${order.order_no}`, result.guest_key!),
    );
    expect(read.order_no).toBe(order.order_no);
    expectError(
      await asGuest('GET', `/v1/community/orders/${order.order_no}`, 'x'.repeat(32)),
      404,
      'NOT_FOUND',
    );
    expectError(
      await shop(t, 'GET', `/v1/community/orders/${order.order_no}`, guest),
      422,
      'VALIDATION_ERROR',
    );
    expectError(await shop(t, 'GET', `/v1/orders/${order.order_no}`, seller.token), 404, 'NOT_FOUND');
    const sales = expectData<Page<Order>>(await shop(t, 'GET', '/v1/me/community-orders', seller.token));
    expect(sales.items.map((o) => o.order_no)).toContain(order.order_no);
  });

  it('when the guest sends the same Idempotency-Key again then the same order answers with a new key (the old one stops working)', async () => {
    const p = await addProduct(t, { stock: 5 });
    const body: GuestCheckoutBody = {
      items: [{ product_code: p.code, quantity: 1 }],
      customer,
      delivery: { method: 'pickup' },
      payment_method: 'transfer',
    };
    const key = randomUUID();
    const first = expectData<CheckoutResult>(await guestCheckout(body, key), 201);
    const again = expectData<CheckoutResult>(await guestCheckout(body, key), 200);
    expect(again.order.order_no).toBe(first.order.order_no);
    expect(await stockOf(t, p.code)).toBe(4);
    expectError(
      await asGuest('GET', `/v1/community/orders/${first.order.order_no}`, first.guest_key!),
      404,
      'NOT_FOUND',
    );
    expectData(await asGuest('GET', `/v1/community/orders/${first.order.order_no}`, again.guest_key!));
  });

  it('when a guest pays by transfer then they send the slip with their key and staff confirm it; or they cancel while unpaid', async () => {
    const p = await addProduct(t, { memberPrice: '100.00', retailPrice: '150.00', pvPerUnit: 30, stock: 5 });
    const body: GuestCheckoutBody = {
      items: [{ product_code: p.code, quantity: 1 }],
      customer,
      delivery: { method: 'pickup' },
      payment_method: 'transfer',
    };
    const result = expectData<CheckoutResult>(await guestCheckout(body), 201);
    const no = result.order.order_no;
    const { body: form, headers } = multipart({}, { name: 's.png', data: await png(70, 50) });
    const sent = await call(t.app, 'POST', `/shop/v1/community/orders/${no}/slip`, {
      token: guest,
      body: form,
      headers: { ...headers, 'x-order-key': result.guest_key! },
    });
    expect(expectData<Order>(sent).payment?.state).toBe('submitted');
    const staff = await staffToken(t);
    expectData(
      await call(t.app, 'POST', `/staff/v1/orders/${no}/payment/confirm`, { token: staff.token, body: {} }),
    );
    expect(await row(t, `select amount from income_lines where source = $1`, [no])).toEqual({
      amount: '50.00',
    });

    const other = expectData<CheckoutResult>(await guestCheckout(body), 201);
    const canceled = expectData<Order>(
      await asGuest('POST', `/v1/community/orders/${other.order.order_no}/cancel`, other.guest_key!, {}),
    );
    expect(canceled.status).toBe('canceled');
    expect(await stockOf(t, p.code)).toBe(4);
  });

  it('when a guest asks for a package, an inactive product or uses member routes then it is refused', async () => {
    expectError(
      await guestCheckout({
        items: [{ product_code: 'PKG-STARTER', quantity: 1 }],
        customer,
        delivery: { method: 'pickup' },
        payment_method: 'demo',
      }),
      422,
      'PRODUCT_UNAVAILABLE',
    );
    const off = await addProduct(t, { active: false });
    expectError(
      await guestCheckout({
        items: [{ product_code: off.code, quantity: 1 }],
        customer,
        delivery: { method: 'pickup' },
        payment_method: 'demo',
      }),
      422,
      'PRODUCT_UNAVAILABLE',
    );
    expectError(
      await guestCheckout({
        items: [{ product_code: off.code, quantity: 1 }],
        customer: { ...customer, telephone: '12' },
        delivery: { method: 'pickup' },
        payment_method: 'demo',
      }),
      422,
      'VALIDATION_ERROR',
    );
    expectError(await shop(t, 'GET', '/v1/orders', guest), 401, 'UNAUTHENTICATED');
    expectError(await shop(t, 'GET', '/v1/me/selling-prices', guest), 401, 'UNAUTHENTICATED');
  });
});

describe('the network API for dropship income', () => {
  let client: string;
  beforeAll(async () => {
    client = (await staffToken(t)).token;
  });
  const net = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token = client) =>
    call(t.app, method, `/network/api/v1${path}`, { token, body });

  it('when a sale made elsewhere is recorded then the rows carry the spec fields, once per reference; a correction replaces the line', async () => {
    const p = await addProduct(t, {
      code: `DS${Date.now() % 100000}`,
      memberPrice: '350.00',
      retailPrice: '490.00',
      pvPerUnit: 150,
      stock: 7,
    });
    const body = {
      member_uuid: seller.member.memberUuid,
      reference: `EXT-${randomUUID().slice(0, 8)}`,
      items: [{ product_code: p.code, quantity: 2, selling_price: '450.00' }],
    };
    const rows = expectData<DropshipIncome[]>(await net('POST', '/dropship_income', body), 201);
    expect(rows).toEqual([
      expect.objectContaining({
        product_code: p.code,
        quantity: 2,
        selling_price: '450.00',
        grand_total: '900.00',
        compensation: '200.00',
        member_uuid: seller.member.memberUuid,
        state: 'WAITING',
      }),
    ]);
    expect(await stockOf(t, p.code)).toBe(7); // sold from another shelf
    expect(expectData<DropshipIncome[]>(await net('POST', '/dropship_income', body), 200)).toEqual(rows);
    expectError(
      await net('POST', '/dropship_income', { ...body, items: [{ ...body.items[0], quantity: 3 }] }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(expectData<DropshipIncome>(await net('GET', `/dropship_income/${rows[0]!.id}`))).toEqual(rows[0]);

    const fixed = expectData<DropshipIncome>(
      await net('PUT', `/dropship_income/${rows[0]!.id}`, { selling_price: '400.00' }),
    );
    expect(fixed).toMatchObject({
      quantity: 2,
      selling_price: '400.00',
      grand_total: '800.00',
      compensation: '100.00',
      state: 'WAITING',
    });
    expect(fixed.id).not.toBe(rows[0]!.id);
    expect(expectData<DropshipIncome>(await net('GET', `/dropship_income/${rows[0]!.id}`)).state).toBe(
      'VOID',
    );
    expectError(
      await net('PUT', `/dropship_income/${rows[0]!.id}`, { quantity: 1 }),
      409,
      'ORDER_STATUS_CONFLICT',
    );
    // PV: 300 recorded, reversed, 300 recorded again.
    expect(
      await count(
        t,
        `select sum(v.pv) as n from volume_postings v join orders o on o.id = v.order_id where o.order_no in ($1, $2)`,
        [fixed.order_no, rows[0]!.order_no],
      ),
    ).toBe(300);
    const list = expectData<Page<DropshipIncome>>(
      await net('GET', `/dropship_income?member_uuid=${seller.member.memberUuid}&per_page=100`),
    );
    expect(list.items.map((r) => r.id)).toEqual(expect.arrayContaining([rows[0]!.id, fixed.id]));
  });

  it('when the selling price is outside member and retail price, or the caller is a member or the public client, then it is refused', async () => {
    const p = await addProduct(t, { memberPrice: '350.00', retailPrice: '490.00' });
    const body = {
      member_uuid: seller.member.memberUuid,
      reference: `EXT-${randomUUID().slice(0, 8)}`,
      items: [{ product_code: p.code, quantity: 1, selling_price: '300.00' }],
    };
    expectError(await net('POST', '/dropship_income', body), 422, 'SELLING_PRICE_OUT_OF_RANGE');
    expectError(await net('POST', '/dropship_income', body, seller.token), 403, 'FORBIDDEN');
    expectError(await net('GET', '/dropship_income', undefined, guest), 403, 'FORBIDDEN');
    expectError(await net('GET', '/dropship_income/999999', undefined), 404, 'NOT_FOUND');
  });
});
