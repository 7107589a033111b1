import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaleDocument } from '@portal/contracts/sale-document';
import type { CheckoutResult } from '@portal/contracts/shop';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError } from '../../helpers/expect';
import { pdfText } from '../../helpers/pdf-text';
import { addProduct, addToCart, buyer, pickup, placed, shop, SHOP_ENV, staffToken } from '../../helpers/shop';

let t: TestApp;
let staff: string;
let guest: string;
let seller: Awaited<ReturnType<typeof buyer>>;
beforeAll(async () => {
  t = await createTestApp(SHOP_ENV);
  staff = (await staffToken(t)).token;
  guest = await appToken(t.app);
  seller = await buyer(t, { invitationCode: 'SALEDOC1' });
});
afterAll(() => t.close());

/** The text as a reader copies it: sara am drawn as nikhahit and sara aa; lines joined by one space. */
const textOf = (file: Buffer) => pdfText(file).replace(/\s+/g, ' ').replace(/ำา/g, 'ำ');
const desk = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  call(t.app, method, `/staff/v1${path}`, { token: staff, body });

async function guestSale() {
  const p = await addProduct(t, {
    memberPrice: '300.00',
    retailPrice: '450.00',
    nameTh: 'สบู่สมุนไพร',
    nameEn: 'Herbal soap',
  });
  const result = expectData<CheckoutResult>(
    await shop(
      t,
      'POST',
      '/v1/community/SALEDOC1/orders',
      guest,
      {
        items: [{ product_code: p.code, quantity: 2 }],
        customer: { name: 'มานี มีนา', telephone: '0897776655', email: 'manee@example.com' },
        delivery: {
          method: 'shipping',
          address: {
            recipient: 'มานี มีนา',
            telephone: '0897776655',
            address_line: '5 ถนนราชดำเนิน',
            province: 'กรุงเทพมหานคร',
            post_code: '10200',
          },
        },
        payment_method: 'demo',
      },
      { 'idempotency-key': randomUUID() },
    ),
    201,
  );
  return { no: result.order.order_no, key: { 'x-order-key': result.guest_key! } };
}

describe('the sale document of a community-shop sale (Direct Sales Act section 30)', () => {
  it('when the guest reads it then it names seller, distributor and buyer, the sale date, the goods and the 7-day right to cancel; the last day appears once delivered', async () => {
    const { no, key } = await guestSale();
    const before = expectData<SaleDocument>(
      await shop(t, 'GET', `/v1/orders/${no}/sale-document`, guest, undefined, key),
    );
    expect(before).toMatchObject({
      order_no: no,
      delivery: { method: 'shipping', date: null, address: expect.stringContaining('5 ถนนราชดำเนิน') },
      seller: {
        company: { name: 'บริษัท สบายช้อป เน็ตเวิร์ค จำกัด', tax_id: '0105566099991' },
        distributor: { member_code: seller.member.memberCode, name: expect.stringContaining('ผู้ซื้อ') },
      },
      buyer: { name: 'มานี มีนา', telephone: '0897776655', email: 'manee@example.com' },
      items: [{ name: 'สบู่สมุนไพร', quantity: 2, unit_price: '450.00', amount: '900.00' }],
      shipping: '50.00',
      total: '950.00',
      cancel: { days: 7, ends_on: null, refund_days: 15 },
    });
    expect(before.sale_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expectData(await desk('POST', `/orders/${no}/ship`, { tracking_no: 'TH123456789' }));
    expectData(await desk('POST', `/orders/${no}/deliver`, {}));
    const after = expectData<SaleDocument>(
      await shop(t, 'GET', `/v1/orders/${no}/sale-document`, guest, undefined, key),
    );
    expect(after.delivery.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const end = new Date(`${after.delivery.date}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 7);
    expect(after.cancel.ends_on).toBe(end.toISOString().slice(0, 10));
  });

  it('when it is downloaded then the PDF reads, in Thai and in English, the parties, the dates and the right to cancel', async () => {
    const { no, key } = await guestSale();
    const th = await call(t.app, 'GET', `/shop/v1/orders/${no}/sale-document.pdf`, {
      token: guest,
      headers: key,
    });
    expect(th.statusCode).toBe(200);
    expect(th.headers['content-type']).toBe('application/pdf');
    const text = textOf(th.rawPayload);
    for (const field of [
      'เอกสารการซื้อขายสินค้า',
      'พระราชบัญญัติขายตรงและตลาดแบบตรง พ.ศ. 2545 มาตรา 30',
      'บริษัท สบายช้อป เน็ตเวิร์ค จำกัด',
      `ผู้จำหน่ายอิสระ`,
      seller.member.memberCode,
      'มานี มีนา',
      'วันที่ซื้อขาย',
      'วันที่ส่งมอบสินค้า',
      'สบู่สมุนไพร',
      '900.00',
      'สิทธิของผู้บริโภคในการเลิกสัญญา',
      'ภายใน 7 วันนับแต่วันที่ได้รับสินค้า',
      'ภายใน 15 วัน',
    ])
      expect(text).toContain(field);
    const en = textOf(
      (
        await call(t.app, 'GET', `/shop/v1/orders/${no}/sale-document.pdf?lang=en`, {
          token: guest,
          headers: key,
        })
      ).rawPayload,
    );
    for (const field of [
      'Sale document',
      "The consumer's right to cancel",
      'within 7 days of receiving the goods',
      'Herbal soap',
    ])
      expect(en).toContain(field);
    const desk = await call(t.app, 'GET', `/staff/v1/orders/${no}/sale-document.pdf`, { token: staff });
    expect(desk.statusCode).toBe(200);
  });

  it('when the order is not a community-shop sale, or the key is wrong, then there is no sale document', async () => {
    const m = await buyer(t);
    const p = await addProduct(t);
    await addToCart(t, m.token, p.code);
    const own = await placed(t, m.token, { ...pickup, payment_method: 'demo' });
    expectError(await shop(t, 'GET', `/v1/orders/${own.order_no}/sale-document`, m.token), 404, 'NOT_FOUND');
    const { no } = await guestSale();
    expectError(
      await shop(t, 'GET', `/v1/orders/${no}/sale-document`, guest, undefined, {
        'x-order-key': 'x'.repeat(32),
      }),
      404,
      'NOT_FOUND',
    );
    expectError(await shop(t, 'GET', `/v1/orders/${no}/sale-document`, guest), 404, 'NOT_FOUND');
  });
});
