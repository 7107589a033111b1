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

async function guestSale(
  opts: {
    customer?: { name: string; telephone: string; email?: string };
    headers?: Record<string, string>;
    idempotencyKey?: string;
    code?: string;
    status?: number;
  } = {},
) {
  const p = opts.code
    ? { code: opts.code }
    : await addProduct(t, {
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
        customer: opts.customer ?? { name: 'มานี มีนา', telephone: '0897776655', email: 'manee@example.com' },
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
      { 'idempotency-key': opts.idempotencyKey ?? randomUUID(), ...opts.headers },
    ),
    opts.status ?? 201,
  );
  return { no: result.order.order_no, key: { 'x-order-key': result.guest_key! }, code: p.code };
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
        company: { name: 'บริษัท สบายช้อป เน็ตเวิร์ค จำกัด', tax_id: '0105566099997' },
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

interface SentRow {
  channel: string;
  recipient: string;
  language: string;
  subject: string | null;
  body: string;
  html: string | null;
  link: string | null;
  user_id: number | null;
}
const messagesTo = async (recipient: string) =>
  (
    await t.database.pool.query<SentRow>(
      `select channel, recipient, language, subject, body, html, link, user_id from message_outbox
        where purpose = 'sale-document' and recipient = $1 order by id`,
      [recipient],
    )
  ).rows;

/** What the guest's order page does with the link: the order number from its path, the key from its query. */
function follow(link: string) {
  const url = new URL(link);
  const match = /^\/ecommerce\/orders\/([^/]+)$/.exec(url.pathname);
  expect(match).not.toBeNull();
  return {
    no: decodeURIComponent(match![1]!),
    shop: url.searchParams.get('shop'),
    key: { 'x-order-key': url.searchParams.get('key') ?? '' },
  };
}

describe('the sale document by e-mail or SMS link (decision 041)', () => {
  it('when a guest who gave an e-mail orders then an e-mail in Thai is queued with the order, whose link opens the order page, its sale document and its PDF', async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const { no, key } = await guestSale({
      customer: { name: 'มานี มีนา', telephone: '0897776655', email },
    });
    const rows = await messagesTo(email);
    expect(rows).toHaveLength(1);
    const [m] = rows;
    expect(m).toMatchObject({ channel: 'email', language: 'th', user_id: null });
    expect(m!.subject).toContain(no);
    expect(m!.body).toContain('เอกสารการซื้อขายสินค้า');
    expect(m!.body).toContain('ภายใน 7 วันนับแต่วันที่ได้รับสินค้า');
    expect(m!.body).toContain(m!.link);
    expect(m!.html).toContain('ดูเอกสารการซื้อขาย');
    expect(m!.link!.startsWith(`${t.config.publicUrl}/ecommerce/orders/`)).toBe(true);
    const link = follow(m!.link!);
    expect(link).toEqual({ no, shop: 'SALEDOC1', key });

    // The calls the order page makes with what the link holds.
    const order = expectData<{ order_no: string }>(
      await shop(t, 'GET', `/v1/community/orders/${link.no}`, guest, undefined, link.key),
    );
    expect(order.order_no).toBe(no);
    const doc = expectData<SaleDocument>(
      await shop(t, 'GET', `/v1/orders/${link.no}/sale-document`, guest, undefined, link.key),
    );
    expect(doc).toMatchObject({ order_no: no, buyer: { email }, cancel: { days: 7 } });
    const pdf = await call(t.app, 'GET', `/shop/v1/orders/${link.no}/sale-document.pdf`, {
      token: guest,
      headers: link.key,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(textOf(pdf.rawPayload)).toContain(no);

    // Delivered, the message keeps its words and loses the link (decision 043).
    const sent = (await t.outbox()).find((o) => o.to === email);
    expect(sent?.text).toContain(m!.link);
    const [after] = await messagesTo(email);
    expect(after!.link).toBeNull();
    expect(after!.body).not.toContain(link.key['x-order-key']);
  });

  it('when a guest without an e-mail orders in English then an SMS in English goes to their telephone', async () => {
    const telephone = `08${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const { no } = await guestSale({
      customer: { name: 'Jane Guest', telephone },
      headers: { 'x-language': 'EN' },
    });
    const rows = await messagesTo(telephone);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'sms', language: 'en', subject: null, html: null });
    expect(rows[0]!.body).toContain(`Sale document of order ${no}`);
    expect(rows[0]!.body).toContain('within 7 days');
    const link = follow(rows[0]!.link!);
    const doc = expectData<SaleDocument>(
      await shop(t, 'GET', `/v1/orders/${link.no}/sale-document`, guest, undefined, {
        ...link.key,
        'x-language': 'EN',
      }),
    );
    expect(doc.order_no).toBe(no);
  });

  it("when the link's key is tried on another order then it opens nothing there: it grants that one order", async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    await guestSale({ customer: { name: 'มานี มีนา', telephone: '0897776655', email } });
    const other = await guestSale();
    const link = follow((await messagesTo(email))[0]!.link!);
    expect(link.no).not.toBe(other.no);
    for (const path of [`/v1/community/orders/${other.no}`, `/v1/orders/${other.no}/sale-document`])
      expectError(await shop(t, 'GET', path, guest, undefined, link.key), 404, 'NOT_FOUND');
    // Nothing else in the message is a credential: its only secret is the order key in the link.
    const [m] = await messagesTo(email);
    expect(m!.body.replace(m!.link!, '')).not.toContain(link.key['x-order-key']);
    expect(m!.body).not.toMatch(/Bearer|access_token|eyJ/);
  });

  it('when the same order is asked for again (a replay) then a new link goes with the new key, and the one before stops working', async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const customer = { name: 'มานี มีนา', telephone: '0897776655', email };
    const idempotencyKey = randomUUID();
    const first = await guestSale({ customer, idempotencyKey });
    const again = await guestSale({ customer, idempotencyKey, code: first.code, status: 200 });
    expect(again.no).toBe(first.no);
    const rows = await messagesTo(email);
    expect(rows).toHaveLength(2);
    const [before, now] = rows.map((r) => follow(r.link!));
    expect(now!.key).toEqual(again.key);
    expectError(
      await shop(t, 'GET', `/v1/orders/${first.no}/sale-document`, guest, undefined, before!.key),
      404,
      'NOT_FOUND',
    );
    expectData(await shop(t, 'GET', `/v1/orders/${first.no}/sale-document`, guest, undefined, now!.key));
  });

  it('when the order is refused then no message is written', async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const res = await shop(
      t,
      'POST',
      '/v1/community/SALEDOC1/orders',
      guest,
      {
        items: [{ product_code: 'NO-SUCH-PRODUCT', quantity: 1 }],
        customer: { name: 'มานี มีนา', telephone: '0897776655', email },
        delivery: { method: 'pickup' },
        payment_method: 'demo',
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await messagesTo(email)).toEqual([]);
  });
});
