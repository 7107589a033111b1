import { sql } from 'drizzle-orm';
import type { Moment } from '@portal/plan/dates';
import { satang, type Satang } from '@portal/plan/money';
import type { Tx } from '../db/client';
import { noticeOrderCanceled } from './notices';
import { PlanRuleError, type Plan } from './plan';
import {
  asksForUpgrade,
  canceledPaymentStatus,
  checkCancellation,
  lvpTakenBack,
  usesRefunded,
  volumeReversals,
  type PostedVolume,
} from './posting/cancellation';
import { checkPackageRules, paymentPostings, paysReferrer, type DropshipItem } from './posting/payment';
import {
  checkRelease,
  dueRelease,
  releaseVolume,
  type LotFacts,
  type ReleaseTarget,
} from './posting/release';
import type { OrderRow, PointRow } from './posting/rows';
import { checkFirstUse, lvpAdjustment, lvpUse, pointUse, useKey } from './posting/uses';
import { addIncome, voidOrCorrectIncome, writePostings } from './posting/writer';
import { expiryAsOf, packagesAsOf, standingOf, suspendedAt, suspendedAtSql } from './standing';

/**
 * The ledger's events (plan sections 2, 4, 5): a payment, a cancellation, a hold release, a use of
 * LVP or points. Each reads what the plan's decision needs (posting/: pure functions, one per rule),
 * asks it, and writes the rows it returns (posting/writer.ts) inside the caller's transaction (a
 * payment's is the shop's): append-only rows with natural keys, so a repeated call changes nothing.
 */

export { addIncome, voidOrCorrectIncome };
export type { ReleaseTarget };

const ORDER_COLUMNS = sql`o.id, o.order_no, o.member_id, o.order_type, o.package_code, o.payment_status, o.status,
  o.hold_points, o.pv_total, o.lvp_total, o.lvp_used, o.points_used::text, o.paid_date::text, o.canceled_date::text`;

async function loadOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  const { rows } = await tx.execute<OrderRow>(sql`
    select ${ORDER_COLUMNS} from orders o where o.id = ${orderId} for update`);
  if (!rows[0]) throw new PlanRuleError(`order ${orderId} does not exist`);
  return rows[0];
}

/** The order locked, with what its payment depends on: the buyer's suspension at `at` and referrer. */
async function loadOrderToPay(tx: Tx, orderId: number, at: Date) {
  const { rows } = await tx.execute<OrderRow & { suspended: boolean; referrer_member_id: number | null }>(sql`
    select ${ORDER_COLUMNS}, ${suspendedAtSql(sql`o.member_id`, at)} as suspended, m.referrer_member_id
    from orders o join members m on m.id = o.member_id where o.id = ${orderId} for update of o`);
  if (!rows[0]) throw new PlanRuleError(`order ${orderId} does not exist`);
  return rows[0];
}

export async function addPoints(
  tx: Tx,
  key: string,
  memberId: number,
  kind: PointRow['kind'],
  points: Satang,
  remark: string,
  date: string,
  orderId: number | null = null,
  createdBy: number | null = null,
) {
  await writePostings(tx, { points: [{ key, memberId, kind, points, remark, date, orderId, createdBy }] });
}

export async function lvpBalance(tx: Tx, memberId: number): Promise<number> {
  const { rows } = await tx.execute<{ n: string }>(
    sql`select coalesce(sum(points), 0)::text as n from lvp_postings where member_id = ${memberId}`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function pointBalance(tx: Tx, memberId: number): Promise<Satang> {
  const { rows } = await tx.execute<{ n: string }>(
    sql`select coalesce(sum(points), 0)::text as n from point_postings where member_id = ${memberId}`,
  );
  return satang(rows[0]?.n ?? '0');
}

/**
 * The member row shows the package and the expiry date in force now (GET /me, the tree's nodes):
 * refreshed from the ledger for the one member a payment, cancellation or release changed.
 */
export async function refreshMemberStanding(tx: Tx, plan: Plan, memberId: number, date: string) {
  const standing = await standingOf(tx, memberId, date, plan);
  await tx.execute(
    sql`update members set package = ${standing.package}, expiry_date = ${standing.expiry}, updated_at = now() where id = ${memberId}`,
  );
}

/**
 * A payment (plan 2.1–2.3, 4.1, 4.2, 4.6, 5.1): marks the order paid and posts its PV (or a hold lot),
 * its LVP and the income it gives (posting/payment.ts), dated the payment's business date. Paying
 * twice pays once.
 */
export async function postPayment(tx: Tx, plan: Plan, orderId: number, when: Moment): Promise<boolean> {
  const order = await loadOrderToPay(tx, orderId, when.at);
  if (order.payment_status === 'paid' || order.canceled_date) return false;
  if (paysReferrer(order)) {
    const current = (await packagesAsOf(tx, [order.member_id], when.date)).get(order.member_id);
    checkPackageRules(plan, order, current);
  }
  const referrerId = paysReferrer(order) ? order.referrer_member_id : null;
  const referrer =
    referrerId === null
      ? null
      : {
          memberId: referrerId,
          expiry: (await expiryAsOf(tx, [referrerId], when.date, plan)).get(referrerId),
          suspended: (await suspendedAt(tx, [referrerId], when.at)).has(referrerId),
        };
  const items =
    order.order_type === 'DROPSHIP'
      ? (
          await tx.execute<DropshipItem>(
            sql`select id, line_no, qty, selling_price::text, member_price::text from order_items where order_id = ${orderId} order by line_no`,
          )
        ).rows
      : [];
  const postings = paymentPostings(
    plan,
    order,
    { buyerSuspended: order.suspended, referrer, items },
    when.date,
  );
  // Everything the payment writes goes to the database at once, in one statement.
  await writePostings(tx, postings, [
    sql`update orders set payment_status = 'paid', status = 'paid', paid_at = ${when.at.toISOString()}::timestamptz,
        paid_date = ${when.date}, updated_at = now() where id = ${orderId}`,
  ]);
  await refreshMemberStanding(tx, plan, order.member_id, when.date);
  return true;
}

/**
 * A cancellation (plan 2.4, posting/cancellation.ts): never edits a posting; adds reversing rows dated
 * the day it happens, returns what the order used, voids waiting income of the order and corrects
 * paid income with negative lines.
 */
export async function postCancellation(tx: Tx, plan: Plan, orderId: number, when: Moment): Promise<boolean> {
  const order = await loadOrder(tx, orderId);
  if (order.canceled_date) return false;
  if (asksForUpgrade(order)) {
    const { rows } = await tx.execute(sql`
      select 1 from orders where member_id = ${order.member_id} and order_type = 'UPGRADE'
        and payment_status = 'paid' and canceled_date is null`);
    checkCancellation(order, rows.length > 0);
  }
  const wasPaid = order.payment_status === 'paid';
  await tx.execute(sql`
    update orders set status = 'canceled', payment_status = ${canceledPaymentStatus(order)},
      canceled_at = ${when.at.toISOString()}::timestamptz, canceled_date = ${when.date}, updated_at = now()
    where id = ${orderId}`);
  await noticeOrderCanceled(tx, order, when, wasPaid);
  await refundUsesOf(tx, order, when);
  if (!wasPaid) return true;

  // Volume: the order's own posting and the postings of releases from its hold lot.
  const { rows: posted } = await tx.execute<PostedVolume>(sql`
    select natural_key, member_id, pv, personal, flows_up, own_side, repurchase, source from volume_postings
    where kind <> 'REVERSAL' and (source = ${`order:${orderId}`}
      or source in (select 'release:' || r.id from hold_releases r join hold_lots l on l.id = r.lot_id where l.order_id = ${orderId}))
    order by id`);
  // One row at a time, in the order they were posted (the reversals' ids keep that order).
  for (const reversal of volumeReversals(orderId, posted, when.date)) {
    await writePostings(tx, { volume: [reversal] });
  }
  await tx.execute(
    sql`update hold_lots set canceled_date = ${when.date} where order_id = ${orderId} and canceled_date is null`,
  );
  await writePostings(tx, { lvp: lvpTakenBack(order, when.date) });
  await voidOrCorrectIncome(tx, sql`order_id = ${orderId}`, when.date);
  await refreshMemberStanding(tx, plan, order.member_id, when.date);
  return true;
}

/** What the order's uses of LVP and points took (`use:{order no}`), given back on its cancel date. */
async function refundUsesOf(tx: Tx, order: OrderRow, when: Moment) {
  const key = useKey(order.order_no);
  const { rows: lvp } = await tx.execute<{ member_id: number; points: number }>(
    sql`select member_id, points from lvp_postings where natural_key = ${key} and points < 0`,
  );
  const { rows: points } = await tx.execute<{ member_id: number; points: string }>(
    sql`select member_id, points::text from point_postings where natural_key = ${key} and points < 0`,
  );
  await writePostings(tx, usesRefunded(order, { lvp, points }, when.date));
}

/**
 * A release from a hold lot (plan 5.1, posting/release.ts): SELF is personal PV and flows up; LEFT or
 * RIGHT counts in the member's own leg and flows up. Refused for a suspended member unless it is the
 * automatic release at the deadline.
 */
export async function releaseHold(
  tx: Tx,
  plan: Plan,
  lotId: number,
  pv: number,
  target: ReleaseTarget,
  when: Moment,
  auto = false,
): Promise<number> {
  const { rows } = await tx.execute<LotFacts>(sql`
    select l.id, l.member_id, l.order_id, l.pv_total, l.canceled_date::text, l.repurchase,
      coalesce((select sum(pv) from hold_releases r where r.lot_id = l.id), 0)::int as released
    from hold_lots l where l.id = ${lotId} for update`);
  const lot = rows[0];
  if (!lot) throw new PlanRuleError(`hold lot ${lotId} does not exist`);
  const suspended = !auto && (await suspendedAt(tx, [lot.member_id], when.at)).has(lot.member_id);
  checkRelease(lot, pv, suspended, auto);
  const { rows: inserted } = await tx.execute<{ id: number }>(sql`
    insert into hold_releases (lot_id, release_date, pv, target, auto)
    values (${lotId}, ${when.date}, ${pv}, ${target}, ${auto}) returning id`);
  await writePostings(tx, { volume: [releaseVolume(lot, inserted[0]!.id, pv, target, when.date)] });
  if (target === 'SELF') await refreshMemberStanding(tx, plan, lot.member_id, when.date);
  return inserted[0]!.id;
}

/** The lots whose deadline is `date`: what is left goes to SELF (plan 5.1), before that day's closing. */
export async function releaseDueHolds(tx: Tx, plan: Plan, when: Moment): Promise<number> {
  const { rows } = await tx.execute<{ id: number; remaining: number }>(sql`
    select l.id, l.pv_total - coalesce((select sum(pv) from hold_releases r where r.lot_id = l.id), 0)::int as remaining
    from hold_lots l where l.deadline = ${when.date}::date and l.canceled_date is null order by l.id`);
  let released = 0;
  for (const lot of rows) {
    const release = dueRelease(lot.remaining);
    if (!release) continue;
    await releaseHold(tx, plan, lot.id, release.pv, release.target, when, true);
    released++;
  }
  return released;
}

/** Whether the order is paid with LVP or points already (its `use:{order no}` row). */
async function usedAlready(tx: Tx, table: 'lvp_postings' | 'point_postings', orderNo: string) {
  const { rows } = await tx.execute(
    sql`select 1 from ${sql.identifier(table)} where natural_key = ${useKey(orderNo)}`,
  );
  return rows.length > 0;
}

/** LVP as part payment (plan 2.3, posting/uses.ts): never more than the balance, once per order. */
export async function useLvp(
  tx: Tx,
  memberId: number,
  points: number,
  orderNo: string,
  when: Moment,
  orderId: number | null = null,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lvp'), ${memberId}::int)`);
  checkFirstUse(await usedAlready(tx, 'lvp_postings', orderNo), orderNo, 'LVP');
  const balance = await lvpBalance(tx, memberId);
  await writePostings(tx, { lvp: [lvpUse(memberId, points, balance, orderNo, when.date, orderId)] });
}

/** The point balance as part payment (plan 5.2, posting/uses.ts): never more than the balance, once per order. */
export async function usePoints(
  tx: Tx,
  memberId: number,
  points: Satang,
  orderNo: string,
  when: Moment,
  orderId: number | null = null,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('points'), ${memberId}::int)`);
  checkFirstUse(await usedAlready(tx, 'point_postings', orderNo), orderNo, 'points');
  const balance = await pointBalance(tx, memberId);
  await writePostings(tx, { points: [pointUse(memberId, points, balance, orderNo, when.date, orderId)] });
}

/** Staff adjustments (type OTHER, remark mandatory, audited by who made them). */
export async function adjustLvp(
  tx: Tx,
  memberId: number,
  points: number,
  remark: string,
  when: Moment,
  staffUserId: number,
) {
  await writePostings(tx, { lvp: [lvpAdjustment(memberId, points, remark, when, staffUserId)] });
}
