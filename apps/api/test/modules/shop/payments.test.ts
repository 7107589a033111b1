import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@portal/contracts/shop';
import { loadConfig } from '../../../src/config';
import { crc16, parseTlv, promptPayPayload } from '../../../src/modules/shop/payments/promptpay';
import { promptPaySignature } from '../../../src/modules/shop/payments/promptpay';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError } from '../../helpers/expect';
import { png, upload } from '../../helpers/profile';
import {
  addProduct,
  addToCart,
  buyer,
  pickup,
  placed,
  promptPayCallback,
  shop,
  SHOP_ENV,
  staffToken,
} from '../../helpers/shop';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp(SHOP_ENV);
  staff = (await staffToken(t)).token;
});
afterAll(() => t.close());

const postings = (orderNo: string) =>
  count(
    t,
    `select count(*) as n from volume_postings v join orders o on o.id = v.order_id where o.order_no = $1`,
    [orderNo],
  );
const incomeLines = (orderNo: string) =>
  count(t, `select count(*) as n from income_lines where source = $1`, [orderNo]);

async function unpaidOrder(method: 'transfer' | 'promptpay', price = '250.00') {
  const m = await buyer(t);
  const p = await addProduct(t, { memberPrice: price, retailPrice: price, pvPerUnit: 80 });
  await addToCart(t, m.token, p.code);
  const order = await placed(t, m.token, { ...pickup, payment_method: method });
  return { m, order };
}

const slip = (token: string, orderNo: string, data: Buffer, name = 'slip.png') =>
  upload(t.app, token, {}, { name, data }, { url: `/shop/v1/orders/${orderNo}/slip` });
const desk = (method: 'GET' | 'POST', path: string, body?: unknown, token = staff) =>
  call(t.app, method, `/staff/v1${path}`, { token, body });

describe('PromptPay payloads (EMVCo)', () => {
  it('when the checksum is computed then it is CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('when a mobile number receives then the payload carries the id, amount, currency, country, reference and a valid CRC', () => {
    const payload = promptPayPayload('0812345678', '250.00', 'ABCDEF2345678901');
    const fields = parseTlv(payload);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    expect(parseTlv(fields.get('29')!)).toEqual(
      new Map([
        ['00', 'A000000677010111'],
        ['01', '0066812345678'],
      ]),
    );
    expect(fields.get('53')).toBe('764');
    expect(fields.get('54')).toBe('250.00');
    expect(fields.get('58')).toBe('TH');
    expect(parseTlv(fields.get('62')!).get('05')).toBe('ABCDEF2345678901');
    expect(fields.get('63')).toBe(crc16(payload.slice(0, -4)));
  });

  it('when a 15-digit biller id receives then it is a bill payment carrying the reference as ref1', () => {
    const fields = parseTlv(promptPayPayload('010555512345601', '99.00', 'REF12345'));
    expect(parseTlv(fields.get('30')!)).toEqual(
      new Map([
        ['00', 'A000000677010112'],
        ['01', '010555512345601'],
        ['02', 'REF12345'],
      ]),
    );
  });
});

describe('payment by PromptPay', () => {
  it('when a member checks out with PromptPay then the order waits with a QR payload for its net amount', async () => {
    const { order } = await unpaidOrder('promptpay');
    expect(order).toMatchObject({ status: 'pending_payment', payment_status: 'pending' });
    const fields = parseTlv(order.payment!.promptpay_payload!);
    expect(fields.get('54')).toBe('250.00');
    expect(parseTlv(fields.get('62')!).get('05')).toBe(order.payment!.reference);
  });

  it('when the callback is unsigned, signed with another secret or altered then it is refused and nothing is paid', async () => {
    const { order } = await unpaidOrder('promptpay');
    const body = { reference: order.payment!.reference, amount: '250.00', transaction_id: 'TXN-1' };
    expectError(await promptPayCallback(t, body, null), 401, 'INVALID_SIGNATURE');
    expectError(
      await promptPayCallback(t, body, 'another-secret-'.padEnd(40, 'y')),
      401,
      'INVALID_SIGNATURE',
    );
    const signedOther = await t.app.inject({
      method: 'POST',
      url: '/shop/v1/payments/promptpay/callback',
      headers: {
        'content-type': 'application/json',
        'x-promptpay-signature': promptPaySignature(
          SHOP_ENV.PROMPTPAY_CALLBACK_SECRET,
          JSON.stringify({ ...body, amount: '1.00' }),
        ),
      },
      payload: JSON.stringify(body),
    });
    expectError(signedOther, 401, 'INVALID_SIGNATURE');
    expectError(await promptPayCallback(t, { ...body, amount: '249.99' }), 422, 'PAYMENT_AMOUNT_MISMATCH');
    expectError(await promptPayCallback(t, { ...body, reference: 'NOSUCHREF123' }), 404, 'NOT_FOUND');
    expect(await postings(order.order_no)).toBe(0);
  });

  it('when the provider confirms twice, even at once, then the order is paid once; another transaction for it is recorded as a duplicate', async () => {
    const { m, order } = await unpaidOrder('promptpay');
    const body = { reference: order.payment!.reference, amount: '250.00', transaction_id: 'TXN-42' };
    const [a, b] = await Promise.all([promptPayCallback(t, body), promptPayCallback(t, body)]);
    const results = [expectData(a).result, expectData(b).result].sort();
    expect(results).toEqual(['already_paid', 'paid']);
    expect(expectData(await promptPayCallback(t, body)).result).toBe('already_paid');
    expect(await postings(order.order_no)).toBe(1);
    expect(await incomeLines(order.order_no)).toBe(1); // the cashback, once
    const paid = expectData<Order>(await shop(t, 'GET', `/v1/orders/${order.order_no}`, m.token));
    expect(paid).toMatchObject({ status: 'paid', payment_status: 'paid', payment: { state: 'confirmed' } });
    expect(expectData(await promptPayCallback(t, { ...body, transaction_id: 'TXN-43' })).result).toBe(
      'duplicate',
    );
    expect(await postings(order.order_no)).toBe(1);
    const audit = expectData(await desk('GET', `/orders/${order.order_no}`)).audit as { action: string }[];
    expect(audit.map((a) => a.action)).toEqual(['order_placed', 'payment_confirmed', 'duplicate_payment']);
  });

  it('when the order was canceled before the money arrived then the callback is refused for staff to refund', async () => {
    const { m, order } = await unpaidOrder('promptpay');
    expectData(await shop(t, 'POST', `/v1/orders/${order.order_no}/cancel`, m.token, {}));
    const body = { reference: order.payment!.reference, amount: '250.00', transaction_id: 'TXN-77' };
    expectError(await promptPayCallback(t, body), 409, 'PAYMENT_NOT_PENDING');
    expect(await postings(order.order_no)).toBe(0);
  });
});

describe('payment by bank transfer with a slip', () => {
  it('when the member sends a slip and staff confirm it then the order is paid once, however often staff confirm', async () => {
    const { m, order } = await unpaidOrder('transfer');
    expect(order.payment).toMatchObject({
      method: 'transfer',
      state: 'pending',
      transfer_to: { bank: 'kbank', account_no: '123-4-56789-0' },
    });
    expectError(
      await desk('POST', `/orders/${order.order_no}/payment/confirm`, {}),
      409,
      'PAYMENT_NOT_PENDING',
    );
    const sent = expectData<Order>(await slip(m.token, order.order_no, await png(60, 40, '#118844')));
    expect(sent.payment).toMatchObject({
      state: 'submitted',
      slips: [{ status: 'submitted', file_name: 'slip.png' }],
    });
    const waiting = expectData(await desk('GET', '/orders?slip_waiting=true&per_page=100'));
    expect(waiting.items.map((o: { order_no: string }) => o.order_no)).toContain(order.order_no);

    const [x, y] = await Promise.all([
      desk('POST', `/orders/${order.order_no}/payment/confirm`, {}),
      desk('POST', `/orders/${order.order_no}/payment/confirm`, {}),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(await postings(order.order_no)).toBe(1);
    const after = expectData(await desk('GET', `/orders/${order.order_no}`));
    expect(after).toMatchObject({
      status: 'paid',
      payment: { state: 'confirmed', slips: [{ status: 'confirmed' }] },
    });
    expect(after.audit.filter((a: { action: string }) => a.action === 'payment_confirmed')).toHaveLength(1);
  });

  it('when staff reject a slip then the member sees the reason and may send another; the same picture for another order is refused', async () => {
    const { m, order } = await unpaidOrder('transfer');
    const picture = await png(61, 41, '#884411');
    expectData(await slip(m.token, order.order_no, picture));
    expectError(
      await desk('POST', `/orders/${order.order_no}/payment/reject`, { reason: '' }),
      422,
      'VALIDATION_ERROR',
    );
    expectData(
      await desk('POST', `/orders/${order.order_no}/payment/reject`, { reason: 'Amount does not match' }),
    );
    const mine = expectData<Order>(await shop(t, 'GET', `/v1/orders/${order.order_no}`, m.token));
    expect(mine.payment).toMatchObject({
      state: 'rejected',
      slips: [{ status: 'rejected', reason: 'Amount does not match' }],
    });
    const second = await unpaidOrder('transfer');
    const reused = await slip(second.m.token, second.order.order_no, await png(62, 42, '#448811'));
    expectData(reused);
    const again = await slip(m.token, order.order_no, await png(62, 42, '#448811'));
    expectError(again, 409, 'CONFLICT');
    expectData(await slip(m.token, order.order_no, await png(63, 43, '#224466')));
  });

  it('when the slip is not an image or PDF by its bytes, or the order is not the member’s, then it is refused', async () => {
    const { m, order } = await unpaidOrder('transfer');
    expectError(
      await slip(m.token, order.order_no, Buffer.from('#!/bin/sh\necho hi\n'), 'slip.png'),
      422,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const other = await buyer(t);
    expectError(await slip(other.token, order.order_no, await png()), 404, 'NOT_FOUND');
    const demo = await buyer(t);
    await addToCart(t, demo.token, (await addProduct(t)).code);
    const paid = await placed(t, demo.token, { ...pickup, payment_method: 'demo' });
    expectError(await slip(demo.token, paid.order_no, await png()), 409, 'PAYMENT_NOT_PENDING');
  });

  it('when the member and staff download the slip then it comes as an attachment; another member gets 404', async () => {
    const { m, order } = await unpaidOrder('transfer');
    const sent = expectData<Order>(await slip(m.token, order.order_no, await png(64, 44)));
    const id = sent.payment!.slips[0]!.id;
    const own = await shop(t, 'GET', `/v1/orders/${order.order_no}/slips/${id}/file`, m.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toMatch(/^attachment/);
    expect(own.headers['content-type']).toBe('image/png');
    expect((await desk('GET', `/orders/${order.order_no}/slips/${id}/file`)).statusCode).toBe(200);
    const other = await buyer(t);
    expectError(
      await shop(t, 'GET', `/v1/orders/${order.order_no}/slips/${id}/file`, other.token),
      404,
      'NOT_FOUND',
    );
  });

  it('when a member (not staff) calls the desk then it is forbidden', async () => {
    const { m, order } = await unpaidOrder('transfer');
    expectError(
      await desk('POST', `/orders/${order.order_no}/payment/confirm`, {}, m.token),
      403,
      'FORBIDDEN',
    );
    expectError(await desk('GET', '/orders', undefined, m.token), 403, 'FORBIDDEN');
  });
});

describe('payment methods offered', () => {
  it('when demo mode is off then the demo provider is not offered, and cannot be configured', async () => {
    const live = await createTestApp({ ...SHOP_ENV, DEMO_MODE: 'false' });
    try {
      expect(live.config.shop.paymentMethods).toEqual(['transfer', 'promptpay']);
      const m = await buyer(live);
      await addToCart(live, m.token, (await addProduct(live)).code);
      expectError(
        await call(live.app, 'POST', '/shop/v1/orders', {
          token: m.token,
          body: { ...pickup, payment_method: 'demo' },
          headers: { 'idempotency-key': 'live-demo-attempt-1' },
        }),
        422,
        'PAYMENT_METHOD_UNAVAILABLE',
      );
    } finally {
      await live.close();
    }
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://x@localhost/x', SHOP_PAYMENT_METHODS: 'demo' }),
    ).toThrow(/demo payments exist only in demo mode/);
  });
});
