import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult, Order } from '@portal/contracts/shop';
import type { OrderTaxDocuments } from '@portal/contracts/tax';
import { countedDocuments } from '../../../src/modules/shop/tax/rules';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError } from '../../helpers/expect';
import { pdfText } from '../../helpers/pdf-text';
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
let guest: string;
beforeAll(async () => {
  t = await createTestApp(SHOP_ENV);
  staff = (await staffToken(t)).token;
  guest = await appToken(t.app);
  await buyer(t, { invitationCode: 'TAXSHOP1' });
});
afterAll(() => t.close());

/** A valid 13-digit tax id (check digit of the first twelve), and one with the wrong check digit. */
const COMPANY_TAX_ID = '0105558000014';
const WRONG_CHECK_DIGIT = '0105558000013';
const fullBuyer = {
  tax_id: COMPANY_TAX_ID,
  name: 'บริษัท ลูกค้าดี จำกัด',
  address: '1 ถนนสีลม แขวงสุริยวงศ์ เขตบางรัก กรุงเทพมหานคร 10500',
  branch: '00000',
};

const docsOf = async (no: string, token: string, headers: Record<string, string> = {}) =>
  expectData<OrderTaxDocuments>(
    await shop(t, 'GET', `/v1/orders/${no}/tax-invoice`, token, undefined, headers),
  );
const pdf = (path: string, token: string, headers: Record<string, string> = {}) =>
  call(t.app, 'GET', path, { token, headers });
/**
 * A document's text as a reader copies it (as the 50 ทวิ test reads its certificate): Sarabun draws
 * sara am (ำ) as nikhahit and sara aa, given back as "ำา"; lines joined by one space.
 */
const textOf = (file: Buffer) => pdfText(file).replace(/\s+/g, ' ').replace(/ำา/g, 'ำ');
const desk = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  call(t.app, method, `/staff/v1${path}`, { token: staff, body });

async function paidOrder(price = '535.00', qty = 1) {
  const m = await buyer(t);
  const p = await addProduct(t, {
    memberPrice: price,
    retailPrice: price,
    nameTh: 'ชาเขียวมัทฉะ',
    nameEn: 'Matcha tea',
  });
  await addToCart(t, m.token, p.code, qty);
  const order = await placed(t, m.token, { ...pickup, payment_method: 'demo' });
  return { m, order, product: p };
}

describe('tax invoices at payment', () => {
  it('when an order is paid then it gets an abbreviated tax invoice whose amounts are the order’s, VAT apart', async () => {
    const { m, order } = await paidOrder('535.00', 2);
    expect(order.payment_status).toBe('paid');
    const docs = await docsOf(order.order_no, m.token);
    const year = new Date().getUTCFullYear();
    expect(docs.invoice).toMatchObject({
      kind: 'abbreviated',
      total: order.total_amount,
      vat: order.vat_amount,
      refers_to: null,
      canceled_at: null,
      buyer: { name: expect.stringContaining('ผู้ซื้อ'), tax_id: null },
    });
    expect(docs.invoice!.number).toMatch(new RegExp(`^ABB(${year}|${year + 1}|${year - 1})-\\d{6}$`));
    // 1070.00 including 7% VAT: 70.00 VAT, 1000.00 before it.
    expect([docs.invoice!.total, docs.invoice!.vat, docs.invoice!.value]).toEqual([
      '1070.00',
      '70.00',
      '1000.00',
    ]);
    expect(docs.full_available).toBe(true);
    expect(docs.credit_note).toBeNull();
  });

  it('when an order waits for its payment then it has no invoice, and a full one is refused until it is paid', async () => {
    const m = await buyer(t);
    const p = await addProduct(t);
    await addToCart(t, m.token, p.code);
    const order = await placed(t, m.token, { ...pickup, payment_method: 'promptpay' });
    const docs = await docsOf(order.order_no, m.token);
    expect(docs).toMatchObject({ invoice: null, documents: [], full_available: false });
    expectError(
      await shop(t, 'POST', `/v1/orders/${order.order_no}/tax-invoice`, m.token, fullBuyer),
      409,
      'ORDER_STATUS_CONFLICT',
    );
    expectError(await pdf(`/shop/v1/orders/${order.order_no}/tax-invoice.pdf`, m.token), 404, 'NOT_FOUND');
    expect(
      await count(
        t,
        `select count(*) as n from tax_documents d join orders o on o.id = d.order_id where o.order_no = $1`,
        [order.order_no],
      ),
    ).toBe(0);
  });

  it('when twelve payments are confirmed at once then their invoices take twelve consecutive numbers, none twice', async () => {
    const p = await addProduct(t, { memberPrice: '100.00', retailPrice: '100.00', stock: 1000 });
    const orders: Order[] = [];
    for (let i = 0; i < 12; i++) {
      const m = await buyer(t);
      await addToCart(t, m.token, p.code);
      orders.push(await placed(t, m.token, { ...pickup, payment_method: 'promptpay' }));
    }
    const before = await count(
      t,
      `select coalesce(max(last), 0) as n from tax_document_counters where series = 'ABB'`,
    );
    const results = await Promise.all(
      orders.map((o, i) =>
        promptPayCallback(t, {
          reference: o.payment!.reference,
          amount: o.net_amount,
          transaction_id: `PAR-${i}-${randomUUID()}`,
        }),
      ),
    );
    for (const r of results) expect(expectData(r).result).toBe('paid');
    const { rows } = await t.database.pool.query<{ seq: number; order_no: string }>(
      `select d.seq, o.order_no from tax_documents d join orders o on o.id = d.order_id
       where d.series = 'ABB' and o.order_no = any($1) order by d.seq`,
      [orders.map((o) => o.order_no)],
    );
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 12 }, (_, i) => before + 1 + i));
    expect(new Set(rows.map((r) => r.order_no)).size).toBe(12);
    // Every number of the series so far is used once: no gap, no duplicate.
    const { rows: all } = await t.database.pool.query<{ seq: number }>(
      `select seq from tax_documents where series = 'ABB' order by seq`,
    );
    expect(all.map((r) => r.seq)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    expect(await count(t, `select max(last) as n from tax_document_counters where series = 'ABB'`)).toBe(
      all.length,
    );
  });
});

describe('a full tax invoice on request', () => {
  it('when the tax id has a wrong check digit, or a field is missing, then 422 names it and nothing changes', async () => {
    const { m, order } = await paidOrder();
    const before = await docsOf(order.order_no, m.token);
    const bad = expectError(
      await shop(t, 'POST', `/v1/orders/${order.order_no}/tax-invoice`, m.token, {
        ...fullBuyer,
        tax_id: WRONG_CHECK_DIGIT,
      }),
      422,
      'VALIDATION_ERROR',
    );
    expect(Object.keys(bad.errors ?? {})).toContain('tax_id');
    const missing = expectError(
      await shop(t, 'POST', `/v1/orders/${order.order_no}/tax-invoice`, m.token, {
        tax_id: COMPANY_TAX_ID,
        name: ' ',
        address: '',
      }),
      422,
      'VALIDATION_ERROR',
    );
    expect(Object.keys(missing.errors ?? {}).sort()).toEqual(['address', 'name']);
    expect(await docsOf(order.order_no, m.token)).toEqual(before);
  });

  it('when the buyer asks then the abbreviated invoice is canceled and a full one refers to it; the same request again changes nothing; other details replace the full one', async () => {
    const { m, order } = await paidOrder('1284.00');
    const abb = (await docsOf(order.order_no, m.token)).invoice!;
    const first = expectData<OrderTaxDocuments>(
      await shop(t, 'POST', `/v1/orders/${order.order_no}/tax-invoice`, m.token, {
        ...fullBuyer,
        tax_id: '0-1055-58000-01-4',
      }),
      201,
    );
    expect(first.invoice).toMatchObject({
      kind: 'full',
      refers_to: abb.number,
      buyer: { ...fullBuyer },
      total: '1284.00',
      vat: '84.00',
      value: '1200.00',
    });
    expect(first.invoice!.number).toMatch(/^INV\d{4}-\d{6}$/);
    expect(first.documents.find((d) => d.number === abb.number)).toMatchObject({
      replaced_by: first.invoice!.number,
      canceled_at: expect.any(String),
    });

    const again = expectData<OrderTaxDocuments>(
      await shop(t, 'POST', `/v1/orders/${order.order_no}/tax-invoice`, m.token, fullBuyer),
      200,
    );
    expect(again.documents).toHaveLength(2);
    expect(again.invoice!.number).toBe(first.invoice!.number);

    const person = { tax_id: '1101700010015', name: 'สมชาย ใจดี', address: '9 ถนนนิมมานเหมินท์ เชียงใหม่ 50200' };
    const replaced = expectData<OrderTaxDocuments>(
      await shop(t, 'POST', `/v1/orders/${order.order_no}/tax-invoice`, m.token, person),
      201,
    );
    expect(replaced.invoice).toMatchObject({
      kind: 'full',
      refers_to: first.invoice!.number,
      buyer: { ...person, branch: null },
    });
    expect(replaced.documents.map((d) => [d.kind, d.canceled_at === null])).toEqual([
      ['abbreviated', false],
      ['full', false],
      ['full', true],
    ]);
  });

  it('when another member, a guest without the key or with a wrong one asks for an order then it does not exist for them', async () => {
    const { order } = await paidOrder();
    const other = await buyer(t);
    expectError(
      await shop(t, 'GET', `/v1/orders/${order.order_no}/tax-invoice`, other.token),
      404,
      'NOT_FOUND',
    );
    expectError(
      await shop(t, 'POST', `/v1/orders/${order.order_no}/tax-invoice`, other.token, fullBuyer),
      404,
      'NOT_FOUND',
    );
    expectError(await pdf(`/shop/v1/orders/${order.order_no}/tax-invoice.pdf`, guest), 404, 'NOT_FOUND');
    expectError(
      await pdf(`/shop/v1/orders/${order.order_no}/tax-invoice.pdf`, guest, {
        'x-order-key': 'not-the-key-of-this-order',
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('when a guest of a community shop uses the order key then they read, download and ask for a full invoice', async () => {
    const p = await addProduct(t, { memberPrice: '300.00', retailPrice: '428.00' });
    const result = expectData<CheckoutResult>(
      await shop(
        t,
        'POST',
        '/v1/community/TAXSHOP1/orders',
        guest,
        {
          items: [{ product_code: p.code, quantity: 1 }],
          customer: { name: 'ลูกค้า ชุมชน', telephone: '0891112222' },
          ...pickup,
          payment_method: 'demo',
        },
        { 'idempotency-key': randomUUID() },
      ),
      201,
    );
    const key = { 'x-order-key': result.guest_key! };
    const no = result.order.order_no;
    const docs = await docsOf(no, guest, key);
    expect(docs.invoice).toMatchObject({
      kind: 'abbreviated',
      total: '428.00',
      vat: '28.00',
      buyer: { name: 'ลูกค้า ชุมชน' },
    });
    const file = await pdf(`/shop/v1/orders/${no}/tax-invoice.pdf`, guest, key);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const full = expectData<OrderTaxDocuments>(
      await shop(t, 'POST', `/v1/orders/${no}/tax-invoice`, guest, fullBuyer, key),
      201,
    );
    expect(full.invoice).toMatchObject({ kind: 'full', refers_to: docs.invoice!.number });
  });

  it('when staff issue a full invoice at the desk then it is the buyer’s same invoice, and staff download it', async () => {
    const { m, order } = await paidOrder();
    expectData<OrderTaxDocuments>(
      await desk('POST', `/orders/${order.order_no}/tax-invoice`, fullBuyer),
      201,
    );
    const mine = await docsOf(order.order_no, m.token);
    expect(mine.invoice).toMatchObject({ kind: 'full', buyer: { tax_id: COMPANY_TAX_ID } });
    expect(expectData<OrderTaxDocuments>(await desk('GET', `/orders/${order.order_no}/tax-invoice`))).toEqual(
      mine,
    );
    const file = await desk('GET', `/orders/${order.order_no}/tax-invoice.pdf?lang=en`);
    expect(file.statusCode).toBe(200);
    expect(textOf(file.rawPayload)).toContain(mine.invoice!.number);
    // A member's token is not the desk's.
    expectError(
      await call(t.app, 'GET', `/staff/v1/orders/${order.order_no}/tax-invoice.pdf`, { token: m.token }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('credit notes', () => {
  it('when staff refund a paid order then a credit note reduces the invoice in force by all of it, with the reason; a full invoice is then refused', async () => {
    const { m, order } = await paidOrder('749.00');
    const full = expectData<OrderTaxDocuments>(
      await shop(t, 'POST', `/v1/orders/${order.order_no}/tax-invoice`, m.token, fullBuyer),
      201,
    ).invoice!;
    expectData(await desk('POST', `/orders/${order.order_no}/cancel`, { reason: 'สินค้าชำรุด (damaged)' }));
    const docs = await docsOf(order.order_no, m.token);
    expect(docs.credit_note).toMatchObject({
      kind: 'credit_note',
      refers_to: full.number,
      total: '749.00',
      vat: '49.00',
      value: '700.00',
      reason: 'สินค้าชำรุด (damaged)',
      buyer: { tax_id: COMPANY_TAX_ID },
    });
    expect(docs.credit_note!.number).toMatch(/^CN\d{4}-\d{6}$/);
    expect(docs.invoice!.number).toBe(full.number);
    expect(docs.full_available).toBe(false);
    expectError(
      await shop(t, 'POST', `/v1/orders/${order.order_no}/tax-invoice`, m.token, {
        ...fullBuyer,
        name: 'อื่น',
      }),
      409,
      'ORDER_STATUS_CONFLICT',
    );
    // Canceling again issues nothing more.
    expectData(await desk('POST', `/orders/${order.order_no}/cancel`, { reason: 'again' }));
    expect((await docsOf(order.order_no, m.token)).documents).toHaveLength(3);
  });

  it('when an unpaid order is canceled then no document is issued', async () => {
    const m = await buyer(t);
    const p = await addProduct(t);
    await addToCart(t, m.token, p.code);
    const order = await placed(t, m.token, { ...pickup, payment_method: 'transfer' });
    expectData(await shop(t, 'POST', `/v1/orders/${order.order_no}/cancel`, m.token, {}));
    expect((await docsOf(order.order_no, m.token)).documents).toEqual([]);
  });
});

describe('the PDFs', () => {
  it('when the invoice, the full invoice and the credit note are downloaded then each reads as its kind, in Thai and in English', async () => {
    const { m, order } = await paidOrder('535.00', 2);
    const abbTh = textOf(
      (await pdf(`/shop/v1/orders/${order.order_no}/tax-invoice.pdf`, m.token)).rawPayload,
    );
    const abb = (await docsOf(order.order_no, m.token)).invoice!;
    for (const text of [
      'ใบกำกับภาษีอย่างย่อ',
      'บริษัท สบายช้อป เน็ตเวิร์ค จำกัด',
      '0 1055 66099 99 7',
      'สำนักงานใหญ่',
      abb.number,
      'ชาเขียวมัทฉะ',
      '1,070.00',
      'ราคารวมภาษีมูลค่าเพิ่มแล้ว',
      'หนึ่งพันเจ็ดสิบบาทถ้วน',
    ])
      expect(abbTh).toContain(text);
    const abbEn = textOf(
      (await pdf(`/shop/v1/orders/${order.order_no}/tax-invoice.pdf?lang=en`, m.token)).rawPayload,
    );
    for (const text of [
      'Abbreviated tax invoice',
      'SabaiShop Network Co., Ltd.',
      'Tax ID 0 1055 66099 99 7 Head office',
      'Matcha tea',
      '1,070.00',
    ])
      expect(abbEn).toContain(text);

    expectData(await shop(t, 'POST', `/v1/orders/${order.order_no}/tax-invoice`, m.token, fullBuyer), 201);
    const fullTh = textOf(
      (await pdf(`/shop/v1/orders/${order.order_no}/tax-invoice.pdf`, m.token)).rawPayload,
    );
    for (const text of [
      'ใบกำกับภาษี',
      fullBuyer.name,
      '0 1055 58000 01 4',
      'ภาษีมูลค่าเพิ่ม 7%',
      '70.00',
      '1,000.00',
      `ออกแทนใบกำกับภาษี เลขที่ ${abb.number}`,
    ])
      expect(fullTh).toContain(text);
    expect(fullTh).not.toContain('ใบกำกับภาษีอย่างย่อ');

    expectData(await desk('POST', `/orders/${order.order_no}/cancel`, { reason: 'ลูกค้าคืนสินค้า' }));
    const cn = (await docsOf(order.order_no, m.token)).credit_note!;
    const cnTh = textOf((await pdf(`/shop/v1/orders/${order.order_no}/credit-note.pdf`, m.token)).rawPayload);
    for (const text of ['ใบลดหนี้', cn.number, 'อ้างถึงใบกำกับภาษี', cn.refers_to!, 'ลูกค้าคืนสินค้า', '1,070.00'])
      expect(cnTh).toContain(text);
    const cnEn = textOf(
      (await pdf(`/shop/v1/orders/${order.order_no}/credit-note.pdf?lang=en`, m.token)).rawPayload,
    );
    expect(cnEn).toContain('Credit note');
    // Rendered once per language: a second download is the stored one, byte for byte.
    const a = await pdf(`/shop/v1/orders/${order.order_no}/credit-note.pdf`, m.token);
    const b = await pdf(`/shop/v1/orders/${order.order_no}/credit-note.pdf`, m.token);
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
    expect(
      await count(
        t,
        `select count(*) as n from tax_document_pdfs p join tax_documents d on d.id = p.document_id where d.doc_no = $1`,
        [cn.number],
      ),
    ).toBe(2);
  });
});

describe('the sales tax report', () => {
  it('when staff export the month then the counted lines add up to the month’s paid orders less its refunds, in CSV and XLSX alike', async () => {
    // The month's own activity besides what the tests above did: a refund, a full invoice, a community sale.
    const refunded = await paidOrder('321.00');
    expectData(await desk('POST', `/orders/${refunded.order.order_no}/cancel`, { reason: 'refund' }));
    const replaced = await paidOrder('642.00');
    expectData(
      await shop(t, 'POST', `/v1/orders/${replaced.order.order_no}/tax-invoice`, replaced.m.token, fullBuyer),
      201,
    );

    const { rows: months } = await t.database.pool.query<{ month: string }>(
      `select distinct to_char(issued_date, 'YYYY-MM') as month from tax_documents`,
    );
    expect(months).toHaveLength(1);
    const month = months[0]!.month;
    const { rows: expected } = await t.database.pool.query<{ value: string; vat: string; total: string }>(
      `with sales as (
         select o.total_amount - o.vat_amount as value, o.vat_amount as vat, o.total_amount as total
         from orders o join shop_orders s on s.order_id = o.id
         where s.channel <> 'API' and o.paid_date is not null and to_char(o.paid_date, 'YYYY-MM') = $1
         union all
         select -(o.total_amount - o.vat_amount), -o.vat_amount, -o.total_amount
         from orders o join shop_orders s on s.order_id = o.id
         where s.channel <> 'API' and o.paid_date is not null and o.canceled_date is not null
           and to_char(o.canceled_date, 'YYYY-MM') = $1)
       select sum(value)::text as value, sum(vat)::text as vat, sum(total)::text as total from sales`,
      [month],
    );

    const csv = await desk('GET', `/reports/sales-tax.csv?month=${month}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const [head, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(head).toBe(
      'date,number,kind,order_no,buyer_name,buyer_tax_id,buyer_branch,value,vat,total,counted,note',
    );
    const cells = lines.map((l) => l.split(','));
    const sum = (i: number) =>
      cells.filter((c) => c[10] === 'true').reduce((n, c) => n + BigInt(c[i]!.replace('.', '')), 0n);
    const text = (n: bigint) =>
      `${n < 0n ? '-' : ''}${(n < 0n ? -n : n) / 100n}.${String((n < 0n ? -n : n) % 100n).padStart(2, '0')}`;
    expect({ value: text(sum(7)), vat: text(sum(8)), total: text(sum(9)) }).toEqual(expected[0]);
    // Every document of the month is listed once; the replaced abbreviated invoice is listed, not counted.
    expect(cells.length).toBe(await count(t, `select count(*) as n from tax_documents`));
    const abbOfReplaced = cells.find((c) => c[3] === replaced.order.order_no && c[2] === 'abbreviated')!;
    expect(abbOfReplaced[10]).toBe('false');
    expect(
      cells.find((c) => c[3] === refunded.order.order_no && c[2] === 'credit_note')!.slice(7, 10),
    ).toEqual(['-300.00', '-21.00', '-321.00']);

    const xlsx = await desk('GET', `/reports/sales-tax.xlsx?month=${month}`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('รายงานภาษีขาย');
    const last = sheet.getRow(sheet.rowCount);
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    expect([
      cents(last.getCell(9).value),
      cents(last.getCell(10).value),
      cents(last.getCell(11).value),
    ]).toEqual([cents(expected[0]!.value), cents(expected[0]!.vat), cents(expected[0]!.total)]);
    expectError(await desk('GET', '/reports/sales-tax.csv?month=2026-13'), 422, 'VALIDATION_ERROR');
  });

  it('when a sale’s full invoice is asked for in a later month then that month lists it without counting it again', () => {
    const docs = [
      { id: 1, orderId: 10, kind: 'abbreviated' as const, issuedDate: '2026-03-31' },
      { id: 2, orderId: 11, kind: 'abbreviated' as const, issuedDate: '2026-03-05' },
      { id: 3, orderId: 11, kind: 'full' as const, issuedDate: '2026-03-06' },
      { id: 4, orderId: 10, kind: 'full' as const, issuedDate: '2026-04-02' },
      { id: 5, orderId: 10, kind: 'credit_note' as const, issuedDate: '2026-04-03' },
    ];
    const first = new Map([
      [10, '2026-03'],
      [11, '2026-03'],
    ]);
    expect([...countedDocuments('2026-03', docs, first)].sort()).toEqual([1, 3]);
    expect([...countedDocuments('2026-04', docs, first)]).toEqual([5]);
  });
});
