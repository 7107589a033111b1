import { sql } from 'drizzle-orm';
import { bankByCode, maskAccountNo } from '@portal/contracts/banks';
import type { Tx } from '../db/client';
import { dayText } from '../lib/day-text';
import type { NotificationText } from '../lib/notification-text';
import { addDays, endOfBangkokDay, type Moment } from '@portal/plan/dates';
import { baht, type Satang } from '@portal/plan/money';
import { copyRows, mapLazily, PACE, pacer, queryArrays } from './bulk';
import type { PayeeAccount } from './standing';

/**
 * What the engine tells a member (issue 9): a payout paid, a business title reached, a hold lot near
 * its deadline, an order canceled. Each notice is written in the transaction of its event, in English
 * and Thai (the portal and the e-mail copy use the member's language), under the event's natural key:
 * a run repeated, or an event posted twice, never notifies twice.
 */

/** A hold lot is reminded once, when its deadline is this many days away or fewer. */
export const HOLD_NOTICE_DAYS = 3;

/** A business date (YYYY-MM-DD) as "17 Nov 2026" and, in the Buddhist era, "17 พ.ย. 2569". */
export const noticeDate = dayText;

/** Satang as "1,234.50" (grouped, two decimals, from the string: never a float). */
export function noticeMoney(amount: Satang): string {
  const text = baht(amount);
  const negative = text.startsWith('-');
  const [whole, fraction] = (negative ? text.slice(1) : text).split('.') as [string, string];
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const ENGINE_NOTICES = {
  payoutPaid: (p: {
    runDate: string;
    gross: Satang;
    wht: Satang;
    pointPart: Satang;
    fee: Satang;
    net: Satang;
    account: PayeeAccount;
  }) => {
    const d = noticeDate(p.runDate);
    const m = (s: Satang) => noticeMoney(s);
    const fee = p.fee > 0n;
    // The account it went to: the bank's name and the account number's last four digits.
    const bank = bankByCode(p.account.bankCode);
    const number = maskAccountNo(p.account.accountNo);
    return {
      kind: 'payout_paid',
      title: `Payout of ${m(p.net)} baht paid`,
      titleTh: `จ่ายรายได้ ${m(p.net)} บาท แล้ว`,
      body:
        `The payout of ${d.en} transferred ${m(p.net)} baht to your account ${number} at ` +
        `${bank?.name_en ?? p.account.bankCode}: income ${m(p.gross)} baht, ` +
        `withholding tax ${m(p.wht)} baht, point part ${m(p.pointPart)} baht` +
        `${fee ? `, transfer fee ${m(p.fee)} baht` : ''}.`,
      bodyTh:
        `รอบจ่ายวันที่ ${d.th} โอนเงิน ${m(p.net)} บาท เข้าบัญชี${bank?.name_th ?? p.account.bankCode} ` +
        `เลขที่ ${number} ของคุณแล้ว: รายได้ ${m(p.gross)} บาท ` +
        `หักภาษี ณ ที่จ่าย ${m(p.wht)} บาท ส่วนที่เป็นคะแนน ${m(p.pointPart)} บาท` +
        `${fee ? ` ค่าธรรมเนียมการโอน ${m(p.fee)} บาท` : ''}`,
    } satisfies NotificationText;
  },
  titleReached: (title: string, date: string): NotificationText => {
    const d = noticeDate(date);
    return {
      kind: 'title_reached',
      title: `You reached the title ${title}`,
      titleTh: `ยินดีด้วย คุณได้รับตำแหน่ง ${title}`,
      body: `Congratulations! The closing of ${d.en} promoted you to ${title}.`,
      bodyTh: `ยินดีด้วย! การปิดยอดวันที่ ${d.th} เลื่อนตำแหน่งของคุณเป็น ${title}`,
    };
  },
  holdDeadline: (l: { orderNo: string; remaining: number; deadline: string }): NotificationText => {
    const d = noticeDate(l.deadline);
    const pv = count(l.remaining);
    return {
      kind: 'hold_deadline',
      title: `Held points of order ${l.orderNo} are due on ${d.en}`,
      titleTh: `คะแนนที่พักไว้ของคำสั่งซื้อ ${l.orderNo} จะครบกำหนดวันที่ ${d.th}`,
      body:
        `${pv} PV of order ${l.orderNo} are still held. On ${d.en} what is left is released to you as personal PV; ` +
        `release it to your left or right team before then if you prefer.`,
      bodyTh:
        `คำสั่งซื้อ ${l.orderNo} ยังมีคะแนนพักไว้ ${pv} PV เมื่อถึงวันที่ ${d.th} คะแนนที่เหลือจะถูกปล่อยเป็นคะแนนส่วนตัวของคุณ ` +
        `หากต้องการปล่อยไปทีมซ้ายหรือทีมขวา กรุณาทำก่อนวันดังกล่าว`,
    };
  },
  orderCanceled: (o: { orderNo: string; date: string; wasPaid: boolean }): NotificationText => {
    const d = noticeDate(o.date);
    return {
      kind: 'order_canceled',
      title: `Order ${o.orderNo} was canceled`,
      titleTh: `คำสั่งซื้อ ${o.orderNo} ถูกยกเลิกแล้ว`,
      body: o.wasPaid
        ? `Order ${o.orderNo} was canceled on ${d.en}. The PV, LVP and income it gave are reversed; LVP and points used to pay for it are returned.`
        : `Order ${o.orderNo} was canceled on ${d.en} before it was paid. LVP and points used to pay for it are returned.`,
      bodyTh: o.wasPaid
        ? `คำสั่งซื้อ ${o.orderNo} ถูกยกเลิกเมื่อวันที่ ${d.th} คะแนน PV, LVP และรายได้ที่เกิดจากคำสั่งซื้อนี้ถูกหักคืน ส่วน LVP และคะแนนที่ใช้ชำระได้รับคืนแล้ว`
        : `คำสั่งซื้อ ${o.orderNo} ถูกยกเลิกเมื่อวันที่ ${d.th} ก่อนการชำระเงิน LVP และคะแนนที่ใช้ชำระได้รับคืนแล้ว`,
    };
  },
};

interface MemberNotice extends NotificationText {
  memberId: number;
  key: string;
}

/**
 * Writes notices to members (their user accounts), once per key; returns how many were new. A notice
 * is dated when its event happened (`at`), or now if that is earlier: a day closed late, or the
 * demo's history, reads in the order things happened.
 */
export async function noticeMembers(tx: Tx, list: readonly MemberNotice[], at: Date): Promise<number> {
  if (list.length === 0) return 0;
  if (list.length > MANY_NOTICES) return noticeManyMembers(tx, list, at);
  const col = (f: (n: MemberNotice) => string | number) => sql.param(list.map(f));
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into notifications (user_id, kind, title, title_th, body, body_th, natural_key, created_at)
    select m.user_id, n.kind, n.title, n.title_th, n.body, n.body_th, n.key,
      least(now(), ${at.toISOString()}::timestamptz)
    from unnest(${col((n) => n.memberId)}::bigint[], ${col((n) => n.kind)}::text[], ${col((n) => n.title)}::text[],
      ${col((n) => n.titleTh)}::text[], ${col((n) => n.body)}::text[], ${col((n) => n.bodyTh)}::text[],
      ${col((n) => n.key)}::text[]) as n(member_id, kind, title, title_th, body, body_th, key)
    join members m on m.id = n.member_id
    on conflict (natural_key) do nothing
    returning id`);
  return rows.length;
}

/** Past this many notices at once (a payout run's), they travel by COPY rather than as array parameters. */
const MANY_NOTICES = 1_000;

/** `noticeMembers` for many members (a payout run pays a million): the same rows, by COPY. */
async function noticeManyMembers(tx: Tx, list: readonly MemberNotice[], at: Date): Promise<number> {
  await tx.execute(sql`
    create temp table notice_stage (n serial, member_id bigint, kind text, title text, title_th text, body text,
      body_th text, key text)
    on commit drop`);
  await copyRows(
    tx,
    'notice_stage',
    ['member_id', 'kind', 'title', 'title_th', 'body', 'body_th', 'key'],
    mapLazily(list, (n) => [n.memberId, n.kind, n.title, n.titleTh, n.body, n.bodyTh, n.key]),
  );
  const [row] = await queryArrays<[number]>(
    tx,
    `with written as (
       insert into notifications (user_id, kind, title, title_th, body, body_th, natural_key, created_at)
       select m.user_id, n.kind, n.title, n.title_th, n.body, n.body_th, n.key, least(now(), $1::timestamptz)
       from notice_stage n join members m on m.id = n.member_id
       order by n.n
       on conflict (natural_key) do nothing
       returning 1)
     select count(*)::int from written`,
    [at.toISOString()],
  );
  await tx.execute(sql`drop table notice_stage`);
  return Number(row![0]);
}

/** The payout run of `runDate` paid these members. */
export async function noticePayouts(
  tx: Tx,
  runDate: string,
  paid: readonly {
    memberId: number;
    gross: Satang;
    wht: Satang;
    pointPart: Satang;
    fee: Satang;
    net: Satang;
    account: PayeeAccount;
  }[],
): Promise<number> {
  // A run pays up to a million members: their texts are made a slice at a time (bulk.ts pacer).
  const pace = pacer();
  const list: MemberNotice[] = [];
  for (const [k, p] of paid.entries()) {
    if (k % PACE === 0) await pace();
    list.push({
      memberId: p.memberId,
      key: `payout:${runDate}:${p.memberId}`,
      ...ENGINE_NOTICES.payoutPaid({ runDate, ...p }),
    });
  }
  return noticeMembers(tx, list, endOfBangkokDay(runDate));
}

/** The closing of `date` promoted these members (the highest title each reached that day). */
export const noticeTitles = (tx: Tx, date: string, reached: ReadonlyMap<number, string>) =>
  noticeMembers(
    tx,
    [...reached].map(([memberId, title]) => ({
      memberId,
      key: `title:${memberId}:${title}`,
      ...ENGINE_NOTICES.titleReached(title, date),
    })),
    endOfBangkokDay(date),
  );

/**
 * At the end of `date` (the daily job): every hold lot still holding points whose deadline comes within
 * HOLD_NOTICE_DAYS days after it is reminded, once per lot.
 */
export async function noticeHoldDeadlines(tx: Tx, date: string): Promise<number> {
  const { rows } = await tx.execute<{
    id: number;
    member_id: number;
    order_no: string;
    deadline: string;
    remaining: number;
  }>(sql`
    select l.id, l.member_id, o.order_no, l.deadline::text as deadline,
      l.pv_total - coalesce((select sum(pv) from hold_releases r where r.lot_id = l.id), 0)::int as remaining
    from hold_lots l join orders o on o.id = l.order_id
    where l.deadline > ${date}::date and l.deadline <= ${addDays(date, HOLD_NOTICE_DAYS)}::date
      and l.canceled_date is null
      and not exists (select 1 from notifications n where n.natural_key = 'hold-deadline:' || l.id)
    order by l.id`);
  return noticeMembers(
    tx,
    rows
      .filter((l) => l.remaining > 0)
      .map((l) => ({
        memberId: l.member_id,
        key: `hold-deadline:${l.id}`,
        ...ENGINE_NOTICES.holdDeadline({ orderNo: l.order_no, remaining: l.remaining, deadline: l.deadline }),
      })),
    endOfBangkokDay(date),
  );
}

/** An order was canceled (`when`). */
export const noticeOrderCanceled = (
  tx: Tx,
  order: { id: number; order_no: string; member_id: number },
  when: Moment,
  wasPaid: boolean,
) =>
  noticeMembers(
    tx,
    [
      {
        memberId: order.member_id,
        key: `order-canceled:${order.id}`,
        ...ENGINE_NOTICES.orderCanceled({ orderNo: order.order_no, date: when.date, wasPaid }),
      },
    ],
    when.at,
  );
