import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoteTitles } from '../../src/compensation/closing';
import { closeDay, payoutRun, releaseDeadlines, runBusinessDay } from '../../src/compensation/engine';
import { addDays, endOfBangkokDay, startOfBangkokDay } from '@portal/plan/dates';
import { postCancellation, postPayment, releaseHold } from '../../src/compensation/ledger';
import { noticeMembers } from '../../src/compensation/notices';
import { planFor } from '../../src/compensation/plan';
import { dispatchNotifications } from '../../src/modules/accounts/notifications/dispatch';
import { createTestApp, call, type TestApp } from '../helpers/app';
import { expectData } from '../helpers/expect';
import { place, seedTop, tokenOf, waitingMember } from '../helpers/network';

/**
 * The engine's notifications (issue 9): a payout paid, a title reached, a hold lot near its deadline,
 * an order canceled. Each is written with its event, in English and Thai, once per event however
 * often the run or the posting is repeated; the e-mail copy goes out in the member's language.
 *
 * The history: A (SILVER) refers B on its left and C on its right, both PLATINUM, on Mon 2025-01-06.
 * That day's closing gives A 18 cycles (9,000 PV a side, cycle value 500): 1,080.00 at 12 %, of which
 * 108.00 is the point part, and with two referrals the title SUPERVISOR. The referrer bonus is
 * 2 × 20 % of 9,000 PV = 3,600.00. The payout of Tue 01-14 pays it all: gross 4,680.00, WHT 5 %
 * 234.00, net 4,680.00 − 108.00 − 234.00 = 4,338.00.
 */
let t: TestApp;
let topToken: string;
let a: number;
let b: number;
let c: number;
let aEmail: string;
let bEmail: string;
const MONDAY = '2025-01-06';
const PAYDAY = '2025-01-14';
const after = (date: string) => ({
  startedBy: 'test',
  now: { date: addDays(date, 1), at: new Date(endOfBangkokDay(date).getTime() + 1) },
});

let seq = 0;
const at = (date: string) => ({
  date,
  at: new Date(startOfBangkokDay(date).getTime() + 3_600_000 + ++seq * 1000),
});

async function order(
  memberId: number,
  type: 'PACKAGE' | 'REPURCHASE',
  pv: number,
  opts: { pkg?: string; hold?: boolean; payOn?: string } = {},
) {
  return t.database.db.transaction(async (tx) => {
    const orderNo = `NTC${String(++seq).padStart(4, '0')}`;
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into orders (order_no, member_id, order_type, package_code, pv_total, hold_points)
      values (${orderNo}, ${memberId}, ${type}, ${opts.pkg ?? null}, ${pv}, ${opts.hold ?? false}) returning id`);
    const id = rows[0]!.id;
    if (opts.payOn) await postPayment(tx, await planFor(tx, opts.payOn), id, at(opts.payOn));
    return { id, orderNo };
  });
}

const cancel = (orderId: number, date: string) =>
  t.database.db.transaction(async (tx) => postCancellation(tx, await planFor(tx, date), orderId, at(date)));

async function noticesOf(memberId: number, kind?: string) {
  const { rows } = await t.database.pool.query<{
    kind: string;
    title: string;
    title_th: string;
    body: string;
    body_th: string;
    natural_key: string;
  }>(
    `select n.kind, n.title, n.title_th, n.body, n.body_th, n.natural_key from notifications n
     join members m on m.user_id = n.user_id where m.id = $1 and ($2::text is null or n.kind = $2) order by n.id`,
    [memberId, kind ?? null],
  );
  return rows;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  const top = await seedTop(t.database.db);
  topToken = await tokenOf(t.app, top.user.email);
  const left = await waitingMember(t.app, t.database.db, top.user.invitationCode);
  const right = await waitingMember(t.app, t.database.db, top.user.invitationCode);
  expectData(await place(t.app, topToken, left.memberId, top.member.id, 'left'), 201);
  expectData(await place(t.app, topToken, right.memberId, top.member.id, 'right'), 201);
  // A is payable (identity and bank verified, a bank account) and reads English; B reads Thai.
  await t.database.pool.query(
    `update users set is_verifies_identity = true, is_verifies_bank = true, language = 'en' where id = $1`,
    [top.user.id],
  );
  await t.database.pool.query(`update users set language = 'th' where id = $1`, [left.user.id]);
  await t.database.pool.query(
    `insert into bank_accounts (user_id, bank_code, account_no, account_name, account_type, status)
     values ($1, 'kbank', '1234567890', 'Sponsor Top', 'savings', 'success')`,
    [top.user.id],
  );
  a = top.member.id;
  b = left.memberId;
  c = right.memberId;
  aEmail = top.user.email;
  bEmail = left.user.email;

  await order(a, 'PACKAGE', 1500, { pkg: 'SILVER', payOn: MONDAY });
  await order(b, 'PACKAGE', 9000, { pkg: 'PLATINUM', payOn: MONDAY });
  await order(c, 'PACKAGE', 9000, { pkg: 'PLATINUM', payOn: MONDAY });
});
afterAll(() => t.close());

describe('engine notifications', () => {
  it('when the closing promotes a member then they are told the title, in English and Thai, once', async () => {
    const runs = await runBusinessDay(t.database.db, MONDAY, after(MONDAY));
    expect(runs.find((r) => r.type === 'DAILY')!.counts).toMatchObject({ cycles: 18, promotions: 1 });
    expect(await noticesOf(a, 'title_reached')).toEqual([
      {
        kind: 'title_reached',
        title: 'You reached the title SUPERVISOR',
        title_th: 'ยินดีด้วย คุณได้รับตำแหน่ง SUPERVISOR',
        body: 'Congratulations! The closing of 6 Jan 2025 promoted you to SUPERVISOR.',
        body_th: 'ยินดีด้วย! การปิดยอดวันที่ 6 ม.ค. 2568 เลื่อนตำแหน่งของคุณเป็น SUPERVISOR',
        natural_key: `title:${a}:SUPERVISOR`,
      },
    ]);
    // The closing asked again is done already; the promotion asked again finds nothing new.
    expect((await closeDay(t.database.db, MONDAY, after(MONDAY))).alreadyDone).toBe(true);
    await t.database.db.transaction(async (tx) => {
      expect(await promoteTitles(tx, await planFor(tx, MONDAY), MONDAY)).toBe(0);
    });
    expect(await noticesOf(a, 'title_reached')).toHaveLength(1);
    expect(await noticesOf(b, 'title_reached')).toHaveLength(0);
  });

  it('when a payout run pays a member then they are told the amounts and the account it went to, and a repeated run tells nobody again', async () => {
    for (let d = addDays(MONDAY, 1); d <= PAYDAY; d = addDays(d, 1))
      await runBusinessDay(t.database.db, d, after(d));
    const { rows: payouts } = await t.database.pool.query(
      `select gross::text, wht::text, point_part::text, net::text from payouts where member_id = $1`,
      [a],
    );
    expect(payouts).toEqual([{ gross: '4680.00', wht: '234.00', point_part: '108.00', net: '4338.00' }]);
    expect(await noticesOf(a, 'payout_paid')).toEqual([
      {
        kind: 'payout_paid',
        title: 'Payout of 4,338.00 baht paid',
        title_th: 'จ่ายรายได้ 4,338.00 บาท แล้ว',
        body:
          'The payout of 14 Jan 2025 transferred 4,338.00 baht to your account xxxxxx7890 at Kasikornbank: ' +
          'income 4,680.00 baht, ' +
          'withholding tax 234.00 baht, point part 108.00 baht.',
        body_th:
          'รอบจ่ายวันที่ 14 ม.ค. 2568 โอนเงิน 4,338.00 บาท เข้าบัญชีธนาคารกสิกรไทย เลขที่ xxxxxx7890 ของคุณแล้ว: ' +
          'รายได้ 4,680.00 บาท ' +
          'หักภาษี ณ ที่จ่าย 234.00 บาท ส่วนที่เป็นคะแนน 108.00 บาท',
        natural_key: `payout:${PAYDAY}:${a}`,
      },
    ]);
    // Dated when the run paid (the end of the payout day), not when this test ran.
    const { rows: dated } = await t.database.pool.query<{ created_at: Date }>(
      `select created_at from notifications where natural_key = $1`,
      [`payout:${PAYDAY}:${a}`],
    );
    expect(dated[0]!.created_at.toISOString()).toBe('2025-01-14T16:59:59.999Z');
    // Nothing was paid to B or C (no income), so nothing is said to them.
    expect(await noticesOf(b, 'payout_paid')).toHaveLength(0);

    expect((await payoutRun(t.database.db, PAYDAY, after(PAYDAY))).alreadyDone).toBe(true);
    // Even a run record lost and the run made again: the payout exists, nobody is told twice.
    await t.database.pool.query(`delete from engine_runs where type = 'PAYOUT' and business_date = $1`, [
      PAYDAY,
    ]);
    expect((await payoutRun(t.database.db, PAYDAY, after(PAYDAY))).alreadyDone).toBe(false);
    expect(await noticesOf(a, 'payout_paid')).toHaveLength(1);
  });

  it('when the member reads their notifications then the API answers the payout and the title, in the order they happened', async () => {
    const res = expectData(await call(t.app, 'GET', '/member/v1/me/notifications', { token: topToken }));
    const items = res.items as { kind: string; title: string; title_th: string; created_at: string }[];
    const engine = items.filter((n) => n.kind === 'payout_paid' || n.kind === 'title_reached');
    expect(engine).toEqual([
      expect.objectContaining({
        kind: 'payout_paid',
        title: 'Payout of 4,338.00 baht paid',
        title_th: 'จ่ายรายได้ 4,338.00 บาท แล้ว',
        created_at: '2025-01-14T16:59:59.999Z',
      }),
      expect.objectContaining({ kind: 'title_reached', created_at: '2025-01-06T16:59:59.999Z' }),
    ]);
  });

  it('when a hold lot nears its deadline then the member is told 3 days before, once per lot', async () => {
    // B's repurchase is held on 01-15 (deadline 30 days on: 02-14); 100 PV go left, 200 PV stay held.
    const held = await order(b, 'REPURCHASE', 300, { hold: true, payOn: '2025-01-15' });
    const { rows: lots } = await t.database.pool.query<{ id: number; deadline: string }>(
      `select id, deadline::text from hold_lots where order_id = $1`,
      [held.id],
    );
    const lot = lots[0]!;
    expect(lot.deadline).toBe('2025-02-14');
    await t.database.db.transaction(async (tx) =>
      releaseHold(tx, await planFor(tx, '2025-01-16'), lot.id, 100, 'LEFT', at('2025-01-16')),
    );
    // A lot whose order is canceled is not reminded; neither is one released in full.
    const canceled = await order(c, 'REPURCHASE', 200, { hold: true, payOn: '2025-01-15' });
    await cancel(canceled.id, '2025-01-16');
    const emptied = await order(c, 'REPURCHASE', 200, { hold: true, payOn: '2025-01-15' });
    const { rows: emptiedLot } = await t.database.pool.query<{ id: number }>(
      `select id from hold_lots where order_id = $1`,
      [emptied.id],
    );
    await t.database.db.transaction(async (tx) =>
      releaseHold(tx, await planFor(tx, '2025-01-16'), emptiedLot[0]!.id, 200, 'RIGHT', at('2025-01-16')),
    );

    const reminded = async (date: string) =>
      (await releaseDeadlines(t.database.db, date, after(date))).counts.reminded;
    expect(await reminded('2025-02-10')).toBe(0);
    expect(await noticesOf(b, 'hold_deadline')).toHaveLength(0);
    expect(await reminded('2025-02-11')).toBe(1);
    expect(await noticesOf(b, 'hold_deadline')).toEqual([
      {
        kind: 'hold_deadline',
        title: `Held points of order ${held.orderNo} are due on 14 Feb 2025`,
        title_th: `คะแนนที่พักไว้ของคำสั่งซื้อ ${held.orderNo} จะครบกำหนดวันที่ 14 ก.พ. 2568`,
        body:
          `200 PV of order ${held.orderNo} are still held. On 14 Feb 2025 what is left is released to you as ` +
          'personal PV; release it to your left or right team before then if you prefer.',
        body_th:
          `คำสั่งซื้อ ${held.orderNo} ยังมีคะแนนพักไว้ 200 PV เมื่อถึงวันที่ 14 ก.พ. 2568 ` +
          'คะแนนที่เหลือจะถูกปล่อยเป็นคะแนนส่วนตัวของคุณ หากต้องการปล่อยไปทีมซ้ายหรือทีมขวา กรุณาทำก่อนวันดังกล่าว',
        natural_key: `hold-deadline:${lot.id}`,
      },
    ]);
    // The next days' jobs, and the same day's job made again, remind nobody again.
    expect(await reminded('2025-02-12')).toBe(0);
    await t.database.pool.query(
      `delete from engine_runs where type = 'HOLD_DEADLINE' and business_date = $1`,
      ['2025-02-11'],
    );
    expect(await reminded('2025-02-11')).toBe(0);
    expect(await noticesOf(b, 'hold_deadline')).toHaveLength(1);
    expect(await noticesOf(c, 'hold_deadline')).toHaveLength(0);
  });

  it('when an order is canceled then its buyer is told, paid or not, once', async () => {
    const paidOrder = await order(b, 'REPURCHASE', 100, { payOn: '2025-01-15' });
    const unpaid = await order(b, 'REPURCHASE', 100);
    expect(await cancel(paidOrder.id, '2025-01-16')).toBe(true);
    expect(await cancel(unpaid.id, '2025-01-16')).toBe(true);
    expect(await cancel(paidOrder.id, '2025-01-17')).toBe(false);
    expect(await noticesOf(b, 'order_canceled')).toEqual([
      {
        kind: 'order_canceled',
        title: `Order ${paidOrder.orderNo} was canceled`,
        title_th: `คำสั่งซื้อ ${paidOrder.orderNo} ถูกยกเลิกแล้ว`,
        body:
          `Order ${paidOrder.orderNo} was canceled on 16 Jan 2025. The PV, LVP and income it gave are reversed; ` +
          'LVP and points used to pay for it are returned.',
        body_th:
          `คำสั่งซื้อ ${paidOrder.orderNo} ถูกยกเลิกเมื่อวันที่ 16 ม.ค. 2568 คะแนน PV, LVP และรายได้ที่เกิดจากคำสั่งซื้อนี้ถูกหักคืน ` +
          'ส่วน LVP และคะแนนที่ใช้ชำระได้รับคืนแล้ว',
        natural_key: `order-canceled:${paidOrder.id}`,
      },
      {
        kind: 'order_canceled',
        title: `Order ${unpaid.orderNo} was canceled`,
        title_th: `คำสั่งซื้อ ${unpaid.orderNo} ถูกยกเลิกแล้ว`,
        body: `Order ${unpaid.orderNo} was canceled on 16 Jan 2025 before it was paid. LVP and points used to pay for it are returned.`,
        body_th: `คำสั่งซื้อ ${unpaid.orderNo} ถูกยกเลิกเมื่อวันที่ 16 ม.ค. 2568 ก่อนการชำระเงิน LVP และคะแนนที่ใช้ชำระได้รับคืนแล้ว`,
        natural_key: `order-canceled:${unpaid.id}`,
      },
    ]);
  });

  it('when a notice is written twice under one key then there is one row', async () => {
    const notice = {
      memberId: a,
      key: 'test:once',
      kind: 'k',
      title: 't',
      titleTh: 'ท',
      body: 'b',
      bodyTh: 'บ',
    };
    expect(await t.database.db.transaction((tx) => noticeMembers(tx, [notice], new Date()))).toBe(1);
    expect(await t.database.db.transaction((tx) => noticeMembers(tx, [notice], new Date()))).toBe(0);
    await t.database.pool.query(`delete from notifications where natural_key = 'test:once'`);
  });

  it("when the notifications are sent then each member's e-mail is in their language", async () => {
    await dispatchNotifications(t.app.ctx, 1000);
    const mail = await t.outbox();
    const subjects = (to: string) =>
      mail.filter((m) => m.channel === 'email' && m.to === to).map((m) => m.subject);
    expect(subjects(aEmail)).toEqual(
      expect.arrayContaining(['Payout of 4,338.00 baht paid', 'You reached the title SUPERVISOR']),
    );
    expect(subjects(bEmail)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^คะแนนที่พักไว้ของคำสั่งซื้อ NTC\d+ จะครบกำหนดวันที่ 14 ก\.พ\. 2568$/),
      ]),
    );
    expect(subjects(bEmail).some((s) => s?.startsWith('Held points'))).toBe(false);
  });
});
