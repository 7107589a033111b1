import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type {
  CanceledOrderRow,
  HoldLotDetail,
  HoldLotRow,
  HoldReleaseResult,
  MonthlyStatement,
  StatementPeriods,
  YearlyStatement,
} from '@portal/contracts/statements';
import { addDays, startOfBangkokDay, weekday } from '@portal/plan/dates';
import { postCancellation, postPayment } from '../../../src/compensation/ledger';
import { runPayout } from '../../../src/compensation/payout';
import { planFor } from '../../../src/compensation/plan';
import { businessNow } from '../../../src/lib/clock';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { treeMember, type TreeMember, memberTokenOf } from '../../helpers/engine';
import { expectData, expectError } from '../../helpers/expect';
import { pdfText } from '../../helpers/pdf-text';

/**
 * Hold points (plan 5.1), canceled orders (plan 2.4) and the statements of closed periods with the
 * withholding-tax certificate (plan 6), for a history made through the engine's posting functions:
 * A (SILVER) refers B (PLATINUM, left) and C (SILVER, right) in March of last year; A's repurchase is
 * canceled before the payout run that pays A's referrer income; C's package is canceled in April,
 * after it was paid (a negative line); today A buys a repurchase with its points held.
 */
let t: TestApp;
let today: string;
let year: number;
let a: TreeMember;
let b: TreeMember;
let c: TreeMember;
const tokens: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };
let lotId: number;
let runDate: string;
let repurchaseNo: string;
let seq = 0;

const net = (method: 'GET' | 'POST', path: string, token: string, body?: unknown) =>
  call(t.app, method, `/network/api/v1${path}`, { token, body });
const moment = (date: string) => ({
  date,
  at: new Date(startOfBangkokDay(date).getTime() + 3_600_000 + ++seq * 1000),
});
const tokenFor = (m: TreeMember, suspension: 'none' | 'kyc' = 'none') =>
  memberTokenOf(t, m.userId, suspension);

async function order(
  memberId: number,
  type: 'PACKAGE' | 'REPURCHASE',
  pv: number,
  date: string,
  opts: { pkg?: string; lvp?: number; hold?: boolean } = {},
) {
  return t.database.db.transaction(async (tx) => {
    const no = `ST${randomUUID().slice(0, 10)}`;
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into orders (order_no, member_id, order_type, package_code, pv_total, lvp_total, hold_points, total_amount)
      values (${no}, ${memberId}, ${type}, ${opts.pkg ?? null}, ${pv}, ${opts.lvp ?? 0}, ${opts.hold ?? false}, '1000.00')
      returning id`);
    await postPayment(tx, await planFor(tx, date), rows[0]!.id, moment(date));
    return { id: rows[0]!.id, no };
  });
}
const cancel = (orderId: number, date: string) =>
  t.database.db.transaction(async (tx) =>
    postCancellation(tx, await planFor(tx, date), orderId, moment(date)),
  );
const count = async (q: string, params: unknown[] = []) =>
  Number((await t.database.pool.query<{ n: string }>(q, params)).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL: '100000' });
  today = (await businessNow(t.database.db, t.config)).date;
  year = Number(today.slice(0, 4)) - 1;
  a = await treeMember(t, { firstName: 'สมหญิง' });
  b = await treeMember(t, { parent: a, side: 'left', referrer: a });
  c = await treeMember(t, { parent: a, side: 'right', referrer: a });
  tokens.a = await tokenFor(a);
  tokens.b = await tokenFor(b);
  tokens.c = await tokenFor(c);

  const march = `${year}-03-03`;
  await order(a.id, 'PACKAGE', 1500, march, { pkg: 'SILVER' });
  await order(b.id, 'PACKAGE', 9000, march, { pkg: 'PLATINUM' }); // A: REFERRER 1,800.00
  const cPackage = await order(c.id, 'PACKAGE', 1500, march, { pkg: 'SILVER' }); // A: REFERRER 300.00
  const repurchase = await order(a.id, 'REPURCHASE', 400, march, { lvp: 10 }); // A: CASHBACK 20.00
  repurchaseNo = repurchase.no;
  await cancel(repurchase.id, `${year}-03-05`); // before any payout: the cashback is voided
  runDate = addDays(march, 7);
  while (weekday(runDate) !== 2) runDate = addDays(runDate, 1);
  await t.database.db.transaction(async (tx) => runPayout(tx, await planFor(tx, runDate), runDate));
  await cancel(cPackage.id, `${year}-04-10`); // paid already: A gets a REFERRER line of -300.00

  const held = await order(a.id, 'REPURCHASE', 300, today, { hold: true });
  const { rows } = await t.database.pool.query<{ id: number }>(
    'select id from hold_lots where order_id = $1',
    [held.id],
  );
  lotId = Number(rows[0]!.id);
}, 120_000);
afterAll(() => t.close());

describe('hold points', () => {
  it('when the member lists their lots then the lot shows its total, released, remaining and deadline', async () => {
    const page = expectData<Page<HoldLotRow>>(await net('GET', '/hold_point', tokens.a));
    expect(page.pagination).toEqual({ page: 1, per_page: 10, total: 1, last_page: 1 });
    expect(page.items[0]).toMatchObject({
      id: lotId,
      created_date: today,
      deadline: addDays(today, 30),
      days_left: 30,
      pv_total: 300,
      pv_released: 0,
      pv_remaining: 300,
      status: 'OPEN',
      canceled_date: null,
    });
    expect(expectData<Page<HoldLotRow>>(await net('GET', '/hold_point', tokens.b)).items).toEqual([]);
  });

  it('when another member asks for the lot or releases from it then 404 and nothing is posted', async () => {
    expectError(await net('GET', `/hold_point/${lotId}`, tokens.b), 404, 'NOT_FOUND');
    expectError(
      await net('POST', `/hold_point/${lotId}/release`, tokens.b, { pv: 10, target: 'LEFT' }),
      404,
      'NOT_FOUND',
    );
    expect(await count('select count(*) as n from hold_releases where lot_id = $1', [lotId])).toBe(0);
  });

  it('when the body is invalid or asks for more than is left then a clear error and nothing is posted', async () => {
    for (const body of [
      { pv: 0, target: 'LEFT' },
      { pv: 1.5, target: 'LEFT' },
      { pv: 10, target: 'UP' },
      { pv: 10 },
    ]) {
      expectError(await net('POST', `/hold_point/${lotId}/release`, tokens.a, body), 422, 'VALIDATION_ERROR');
    }
    const over = expectError(
      await net('POST', `/hold_point/${lotId}/release`, tokens.a, { pv: 301, target: 'LEFT' }),
      422,
      'VALIDATION_ERROR',
    );
    expect(over.message).toBe('At most 300 PV is left in this lot');
    expect(await count('select count(*) as n from hold_releases where lot_id = $1', [lotId])).toBe(0);
    expect(
      await count(`select count(*) as n from volume_postings where member_id = $1 and kind = 'RELEASE'`, [
        a.id,
      ]),
    ).toBe(0);
  });

  it('when a suspended member releases then 403 and nothing is posted', async () => {
    const suspended = await tokenFor(a, 'kyc');
    expectError(
      await net('POST', `/hold_point/${lotId}/release`, suspended, { pv: 10, target: 'LEFT' }),
      403,
      'ACCOUNT_SUSPENDED',
    );
    expectError(await net('GET', '/hold_point', suspended), 403, 'ACCOUNT_SUSPENDED');
    expect(await count('select count(*) as n from hold_releases where lot_id = $1', [lotId])).toBe(0);
  });

  it('when the member releases part to the left then the left leg gets the PV today, not personal PV', async () => {
    const r = expectData<HoldReleaseResult>(
      await net('POST', `/hold_point/${lotId}/release`, tokens.a, { pv: 120, target: 'LEFT' }),
    );
    expect(r.release).toMatchObject({ release_date: today, pv: 120, target: 'LEFT', auto: false });
    expect(r.lot).toMatchObject({ pv_released: 120, pv_remaining: 180, status: 'OPEN', can_release: true });
    const { rows } = await t.database.pool.query(
      `select pv, personal, flows_up, own_side, effective_date::text as date from volume_postings
       where member_id = $1 and kind = 'RELEASE'`,
      [a.id],
    );
    expect(rows).toEqual([{ pv: 120, personal: false, flows_up: true, own_side: 'left', date: today }]);
  });

  it('when the rest goes to SELF then the lot is released and another release is refused', async () => {
    const r = expectData<HoldReleaseResult>(
      await net('POST', `/hold_point/${lotId}/release`, tokens.a, { pv: 180, target: 'SELF' }),
    );
    expect(r.lot).toMatchObject({
      pv_released: 300,
      pv_remaining: 0,
      status: 'RELEASED',
      can_release: false,
    });
    const detail = expectData<HoldLotDetail>(await net('GET', `/hold_point/${lotId}`, tokens.a));
    expect(detail.releases.map((x) => [x.pv, x.target])).toEqual([
      [180, 'SELF'],
      [120, 'LEFT'],
    ]);
    const again = expectError(
      await net('POST', `/hold_point/${lotId}/release`, tokens.a, { pv: 1, target: 'RIGHT' }),
      422,
      'VALIDATION_ERROR',
    );
    expect(again.message).toBe('At most 0 PV is left in this lot');
    expect(await count('select count(*) as n from hold_releases where lot_id = $1', [lotId])).toBe(2);
  });
});

describe('report/canceled_order', () => {
  it('when the buyer lists canceled orders then each shows its cancel date and the reversals dated that day', async () => {
    const page = expectData<Page<CanceledOrderRow>>(await net('GET', '/report/canceled_order', tokens.a));
    expect(page.pagination.total).toBe(1);
    const row = page.items[0]!;
    expect(row).toMatchObject({
      order_no: repurchaseNo,
      order_type: 'REPURCHASE',
      payment_date: `${year}-03-03`,
      canceled_date: `${year}-03-05`,
      pv_total: 400,
      pv_reversed: -400,
      lvp_change: -10,
      points_refunded: '0.00',
      income_voided: '20.00',
      income_corrected: '0.00',
    });
    expect(row.reversals).toEqual({
      volume: [{ date: `${year}-03-05`, pv: -400, personal: true, side: null }],
      lvp: [
        {
          date: `${year}-03-05`,
          type: 'DECREASE',
          points: -10,
          remark: `cancel order ${repurchaseNo}`,
          remark_key: 'cancel_order',
          remark_params: { order: repurchaseNo },
        },
      ],
      points: [],
      income: [{ type: 'CASHBACK', date: `${year}-03-05`, amount: '20.00', effect: 'VOID' }],
      hold_pv_removed: 0,
    });
  });

  it('when the range excludes the cancel date or another member asks then the order is not listed', async () => {
    const outside = expectData<Page<CanceledOrderRow>>(
      await net('GET', `/report/canceled_order?date_from=${year}-03-06`, tokens.a),
    );
    expect(outside.items).toEqual([]);
    const cRows = expectData<Page<CanceledOrderRow>>(await net('GET', '/report/canceled_order', tokens.c));
    expect(cRows.items.map((r) => [r.order_type, r.canceled_date, r.pv_reversed])).toEqual([
      ['PACKAGE', `${year}-04-10`, -1500],
    ]);
    expectError(
      await net('GET', `/report/canceled_order?date_from=${year}-03-06&date_to=${year}-03-01`, tokens.a),
      422,
      'VALIDATION_ERROR',
    );
  });
});

describe('statements', () => {
  it('when the periods are listed then the closed months with income or payouts and their year are there', async () => {
    const p = expectData<StatementPeriods>(await net('GET', '/statement', tokens.a));
    expect(p.months.filter((m) => m.month.startsWith(String(year)))).toEqual([
      { month: `${year}-04`, income: '-300.00', net_paid: '0.00', wht: '0.00' },
      { month: `${year}-03`, income: '2100.00', net_paid: '1995.00', wht: '105.00' },
    ]);
    expect(p.years.find((y) => y.year === year)).toEqual({
      year,
      closed: true,
      gross_paid: '2100.00',
      wht: '105.00',
    });
  });

  it('when a closed month is read then income by type, the payout with its WHT and what waits at its end', async () => {
    const m = expectData<MonthlyStatement>(await net('GET', `/statement/monthly?month=${year}-03`, tokens.a));
    expect(m).toEqual({
      month: `${year}-03`,
      date_from: `${year}-03-01`,
      date_to: `${year}-03-31`,
      income: [
        { type: 'CYCLE', amount: '0.00', lines: 0 },
        { type: 'REFERRER', amount: '2100.00', lines: 2 },
        { type: 'CASHBACK', amount: '0.00', lines: 0 },
        { type: 'MTA', amount: '0.00', lines: 0 },
        { type: 'DROPSHIP', amount: '0.00', lines: 0 },
      ],
      income_total: '2100.00',
      waiting_at_end: '0.00',
      payouts: [
        {
          run_date: runDate,
          gross: '2100.00',
          wht: '105.00',
          point_part: '0.00',
          fee: '0.00',
          net: '1995.00',
          of_month: '2100.00',
          earlier: '0.00',
          earlier_lines: [],
        },
      ],
      totals: { count: 1, gross: '2100.00', wht: '105.00', point_part: '0.00', fee: '0.00', net: '1995.00' },
      reconciliation: {
        income: '2100.00',
        earlier_paid: '0.00',
        paid_later: '0.00',
        still_waiting: '0.00',
        gross_paid: '2100.00',
      },
    });
    const april = expectData<MonthlyStatement>(
      await net('GET', `/statement/monthly?month=${year}-04`, tokens.a),
    );
    expect(april.income.find((i) => i.type === 'REFERRER')).toEqual({
      type: 'REFERRER',
      amount: '-300.00',
      lines: 1,
    });
    expect([april.income_total, april.waiting_at_end, april.totals.count]).toEqual(['-300.00', '-300.00', 0]);
    expect(april.reconciliation).toMatchObject({
      income: '-300.00',
      still_waiting: '-300.00',
      gross_paid: '0.00',
    });
  });

  it("when a month's payout pays income that waited from an earlier month then its statement lists those lines and adds up", async () => {
    const d = await treeMember(t, { parent: b, side: 'left', referrer: b });
    const may = `${year}-05-30`;
    await order(d.id, 'PACKAGE', 1500, may, { pkg: 'SILVER' }); // B: REFERRER 300.00 on 30 May
    let run = `${year}-06-01`;
    while (weekday(run) !== 2) run = addDays(run, 1); // the first Tuesday of June pays it
    await t.database.db.transaction(async (tx) => runPayout(tx, await planFor(tx, run), run));

    const june = expectData<MonthlyStatement>(
      await net('GET', `/statement/monthly?month=${year}-06`, tokens.b),
    );
    expect(june.income_total).toBe('0.00');
    expect(june.payouts).toEqual([
      {
        run_date: run,
        gross: '300.00',
        wht: '15.00',
        point_part: '0.00',
        fee: '0.00',
        net: '285.00',
        of_month: '0.00',
        earlier: '300.00',
        earlier_lines: [{ id: expect.any(Number), income_date: may, type: 'REFERRER', amount: '300.00' }],
      },
    ]);
    expect(june.reconciliation).toEqual({
      income: '0.00',
      earlier_paid: '300.00',
      paid_later: '0.00',
      still_waiting: '0.00',
      gross_paid: '300.00',
    });
    const mayStatement = expectData<MonthlyStatement>(
      await net('GET', `/statement/monthly?month=${year}-05`, tokens.b),
    );
    expect(mayStatement.reconciliation).toEqual({
      income: '300.00',
      earlier_paid: '0.00',
      paid_later: '300.00',
      still_waiting: '0.00',
      gross_paid: '0.00',
    });
  });

  it('when the month is open or malformed then 422', async () => {
    const open = expectError(
      await net('GET', `/statement/monthly?month=${today.slice(0, 7)}`, tokens.a),
      422,
      'VALIDATION_ERROR',
    );
    expect(open.message).toBe('The month has not closed yet');
    expectError(await net('GET', `/statement/monthly?month=${year}-13`, tokens.a), 422, 'VALIDATION_ERROR');
    expectError(await net('GET', `/statement/yearly?year=${year + 2}`, tokens.a), 422, 'VALIDATION_ERROR');
  });

  it('when the year is read then its payouts and WHT with the company as payer and the member as payee', async () => {
    const y = expectData<YearlyStatement>(await net('GET', `/statement/yearly?year=${year}`, tokens.a));
    const { rows } = await t.database.pool.query<{ identity_value: string; member_code: string }>(
      'select u.identity_value, m.member_code from users u join members m on m.user_id = u.id where u.id = $1',
      [a.userId],
    );
    expect(y).toMatchObject({
      year,
      closed: true,
      date_from: `${year}-01-01`,
      date_to: `${year}-12-31`,
      income_total: '1800.00',
      totals: { count: 1, gross: '2100.00', wht: '105.00', net: '1995.00' },
      payer: { name: 'บริษัท สบายช้อป เน็ตเวิร์ค จำกัด', tax_id: '0105566099997' },
      payee: { tax_id: rows[0]!.identity_value, member_code: rows[0]!.member_code },
      income_section: '40(2)',
    });
    expect(y.payee.name).toMatch(/^สมหญิง ทดสอบ\d+$/);
    expect(y.months.map((m) => m.month)).toEqual([`${year}-03`, `${year}-04`]);
  });

  it('when the certificate is downloaded then it is a PDF naming the member and their tax id', async () => {
    const res = await net('GET', `/statement/yearly/${year}/wht.pdf`, tokens.a);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="wht-50tawi-${year}-M\\d+\\.pdf"$`),
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { rows } = await t.database.pool.query<{ name: string; identity_value: string }>(
      `select first_name || ' ' || last_name as name, identity_value from users where id = $1`,
      [a.userId],
    );
    const id = rows[0]!.identity_value;
    // What the page draws: the payee by name and tax id (as printed, 1 2345 67890 12 3), the company
    // as payer, commission under 40(2) for the Buddhist-era year, the amounts paid and withheld.
    const text = pdfText(pdf);
    expect(text).toContain('หนังสือรับรองการหักภาษี ณ ที่จ่าย');
    expect(text).toContain(`ชื่อ  ${rows[0]!.name}`);
    expect(text).toContain(`${id[0]} ${id.slice(1, 5)} ${id.slice(5, 10)} ${id.slice(10, 12)} ${id[12]}`);
    expect(text).toContain('ชื่อ  บริษัท สบายช้อป เน็ตเวิร์ค จำ');
    expect(text).toContain('0 1055 66099 99 7');
    expect(text).toContain(`ค่านายหน้า ฯลฯ ตามมาตรา 40(2)\n${year + 543}\n2,100.00\n105.00`);
    expect(text).toContain('หนึ่งร้อยห้าบาทถ้วน');
    // The document's properties name the member as well (what a file manager shows).
    const subject = pdfInfo(pdf, 'Subject');
    expect(subject).toContain(rows[0]!.name);
    expect(subject).toContain(id);
    expectError(await net('GET', `/statement/yearly/${year + 2}/wht.pdf`, tokens.a), 422, 'VALIDATION_ERROR');
  });
});

/** A text entry of the PDF's information dictionary: an object `(…)`, UTF-16BE when not ASCII. */
function pdfInfo(pdf: Buffer, key: string): string {
  const text = pdf.toString('latin1');
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(text);
  if (!ref) throw new Error(`no /${key}`);
  let i = text.indexOf(`\n${ref[1]} 0 obj\n(`) + `\n${ref[1]} 0 obj\n(`.length;
  const bytes: number[] = [];
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
  while (text[i] !== ')') {
    if (text[i] === '\\') {
      i++;
      bytes.push(escapes[text[i]!] ?? text.charCodeAt(i));
    } else bytes.push(text.charCodeAt(i));
    i++;
  }
  const raw = Buffer.from(bytes);
  if (raw[0] === 0xfe && raw[1] === 0xff) return Buffer.from(raw.subarray(2)).swap16().toString('utf16le');
  return raw.toString('latin1');
}
