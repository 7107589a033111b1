import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { addDays } from '@portal/plan/dates';
import { baht, pvMoney, satang, type Satang } from '@portal/plan/money';
import { noticeOrderCanceled } from './notices';
import { PlanRuleError, type Plan } from './plan';
import { expiryAsOf, isActiveOn, packagesAsOf, standingOf, suspendedAt, suspendedAtSql } from './standing';

/**
 * Posting functions (plan sections 2, 4, 5): what a payment, a cancellation, a hold release or a use
 * of LVP or points writes. Each runs inside the caller's transaction (the payment's, DESIGN 10) and
 * writes append-only rows with natural keys, so a repeated call changes nothing.
 */

/** When something happens: its business date and its instant (the order of events within a day). */
export interface Moment {
  date: string;
  at: Date;
}

type OrderRow = {
  id: number;
  order_no: string;
  member_id: number;
  order_type: 'PACKAGE' | 'UPGRADE' | 'REPURCHASE' | 'DROPSHIP';
  package_code: string | null;
  payment_status: string;
  status: string;
  hold_points: boolean;
  pv_total: number;
  lvp_total: number;
  lvp_used: number;
  points_used: string;
  paid_date: string | null;
  canceled_date: string | null;
};

async function loadOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  const { rows } = await tx.execute<OrderRow>(sql`
    select id, order_no, member_id, order_type, package_code, payment_status, status, hold_points, pv_total,
      lvp_total, lvp_used, points_used::text, paid_date::text, canceled_date::text
    from orders where id = ${orderId} for update`);
  if (!rows[0]) throw new PlanRuleError(`order ${orderId} does not exist`);
  return rows[0];
}

/** The order locked, with what its payment depends on: the buyer's suspension at `at` and referrer. */
async function loadOrderToPay(tx: Tx, orderId: number, at: Date) {
  const { rows } = await tx.execute<OrderRow & { suspended: boolean; referrer_member_id: number | null }>(sql`
    select o.id, o.order_no, o.member_id, o.order_type, o.package_code, o.payment_status, o.status, o.hold_points,
      o.pv_total, o.lvp_total, o.lvp_used, o.points_used::text, o.paid_date::text, o.canceled_date::text,
      ${suspendedAtSql(sql`o.member_id`, at)} as suspended, m.referrer_member_id
    from orders o join members m on m.id = o.member_id where o.id = ${orderId} for update of o`);
  if (!rows[0]) throw new PlanRuleError(`order ${orderId} does not exist`);
  return rows[0];
}

interface IncomeInput {
  memberId: number;
  type: 'CYCLE' | 'REFERRER' | 'CASHBACK' | 'MTA' | 'DROPSHIP';
  source: string;
  generation?: number;
  orderId?: number | null;
  orderItemId?: number | null;
  amount: Satang;
  pointPart?: Satang;
  incomeDate: string;
}

type VolumeRow = {
  key: string;
  memberId: number;
  date: string;
  pv: number;
  personal: boolean;
  flowsUp: boolean;
  ownSide?: 'left' | 'right' | null;
  repurchase: boolean;
  kind: 'ORDER' | 'RELEASE' | 'REVERSAL';
  source: string;
  orderId: number | null;
};

type LvpRow = {
  key: string;
  memberId: number;
  type: 'INCREASE' | 'DECREASE' | 'OTHER';
  points: number;
  remark: string;
  date: string;
  orderId: number | null;
  createdBy?: number | null;
};

type PointRow = {
  key: string;
  memberId: number;
  kind: 'CYCLE' | 'USE' | 'REFUND' | 'OTHER';
  points: Satang;
  remark: string;
  date: string;
  orderId?: number | null;
  createdBy?: number | null;
};

/** What one event writes: rows of the ledgers (each once, by its natural key) and other changes. */
interface Postings {
  volume?: VolumeRow[];
  lvp?: LvpRow[];
  points?: PointRow[];
  income?: IncomeInput[];
  /** Other changes of the same event (an UPDATE), written in the same statement. */
  also?: SQL[];
}

const rowsOf = (rows: SQL[]) => sql.join(rows, sql`, `);

/**
 * Writes an event's postings in one statement (one round trip, however many tables): each insert or
 * update is a data-modifying WITH query. They touch different rows, see the same snapshot, and a
 * row already written (its natural key) is left as it is, so a repeated call changes nothing.
 */
async function writePostings(tx: Tx, postings: Postings): Promise<void> {
  const parts: SQL[] = [];
  const volume = (postings.volume ?? []).filter((p) => p.pv !== 0);
  if (volume.length > 0) {
    parts.push(sql`insert into volume_postings (natural_key, member_id, effective_date, pv, personal, flows_up, own_side, repurchase, kind, source, order_id)
    values ${rowsOf(
      volume.map(
        (
          p,
        ) => sql`(${p.key}, ${p.memberId}, ${p.date}::date, ${p.pv}::int, ${p.personal}::boolean, ${p.flowsUp}::boolean,
          ${p.ownSide ?? null}, ${p.repurchase}::boolean, ${p.kind}, ${p.source}, ${p.orderId}::bigint)`,
      ),
    )} on conflict (natural_key) do nothing`);
  }
  if (postings.lvp?.length) {
    parts.push(sql`insert into lvp_postings (natural_key, member_id, type, points, remark, order_id, effective_date, created_by)
    values ${rowsOf(
      postings.lvp.map(
        (
          l,
        ) => sql`(${l.key}, ${l.memberId}, ${l.type}, ${l.points}::int, ${l.remark}, ${l.orderId}::bigint, ${l.date}::date,
          ${l.createdBy ?? null}::bigint)`,
      ),
    )} on conflict (natural_key) do nothing`);
  }
  if (postings.points?.length) {
    parts.push(sql`insert into point_postings (natural_key, member_id, kind, points, remark, order_id, effective_date, created_by)
    values ${rowsOf(
      postings.points.map(
        (
          p,
        ) => sql`(${p.key}, ${p.memberId}, ${p.kind}, ${baht(p.points)}::numeric, ${p.remark}, ${p.orderId ?? null}::bigint,
          ${p.date}::date, ${p.createdBy ?? null}::bigint)`,
      ),
    )} on conflict (natural_key) do nothing`);
  }
  // An income line is written only when its amount is not 0.00, for every type (plan 13).
  const income = (postings.income ?? []).filter((l) => l.amount !== 0n);
  if (income.length > 0) {
    parts.push(sql`insert into income_lines (member_id, type, source, generation, order_id, order_item_id, amount, point_part, income_date)
    values ${rowsOf(
      income.map(
        (
          l,
        ) => sql`(${l.memberId}, ${l.type}, ${l.source}, ${l.generation ?? 0}::int, ${l.orderId ?? null}::bigint,
          ${l.orderItemId ?? null}::bigint, ${baht(l.amount)}::numeric, ${baht(l.pointPart ?? 0n)}::numeric, ${l.incomeDate}::date)`,
      ),
    )} on conflict (member_id, type, source, generation, correction) do nothing`);
  }
  parts.push(...(postings.also ?? []));
  if (parts.length === 0) return;
  const [main, ...others] = parts;
  if (others.length === 0) {
    await tx.execute(main!);
    return;
  }
  const withs = others.map((q, i) => sql`${sql.raw(`w${i}`)} as (${q})`);
  await tx.execute(sql`with ${sql.join(withs, sql`, `)} ${main!}`);
}

/** An income line, once: its natural key is (member, type, source, generation). */
export const addIncome = (tx: Tx, line: IncomeInput) => writePostings(tx, { income: [line] });

const addVolume = (tx: Tx, p: VolumeRow) => writePostings(tx, { volume: [p] });

async function addLvp(
  tx: Tx,
  key: string,
  memberId: number,
  type: 'INCREASE' | 'DECREASE' | 'OTHER',
  points: number,
  remark: string,
  date: string,
  orderId: number | null,
  createdBy: number | null = null,
) {
  await writePostings(tx, { lvp: [{ key, memberId, type, points, remark, date, orderId, createdBy }] });
}

export async function addPoints(
  tx: Tx,
  key: string,
  memberId: number,
  kind: 'CYCLE' | 'USE' | 'REFUND' | 'OTHER',
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
 * A package order must be the member's first; an upgrade must go to a higher package than the one
 * in force (plan 13, settled points). Checked before the payment posts anything.
 */
async function checkPackageRules(tx: Tx, plan: Plan, order: OrderRow, date: string) {
  if (order.order_type !== 'PACKAGE' && order.order_type !== 'UPGRADE') return;
  const target = order.package_code ? plan.packages.get(order.package_code) : undefined;
  if (!target) throw new PlanRuleError(`order ${order.order_no}: unknown package ${order.package_code}`);
  const current = (await packagesAsOf(tx, [order.member_id], date)).get(order.member_id);
  if (order.order_type === 'PACKAGE' && current) {
    throw new PlanRuleError(`order ${order.order_no}: the member already has the package ${current}`);
  }
  if (order.order_type === 'UPGRADE') {
    const from = current ? plan.packages.get(current) : undefined;
    if (!from) throw new PlanRuleError(`order ${order.order_no}: an upgrade needs a package to upgrade from`);
    if (target.rank <= from.rank) {
      throw new PlanRuleError(`order ${order.order_no}: ${target.code} is not higher than ${from.code}`);
    }
  }
}

/**
 * A payment (plan 2.1–2.3, 4.1, 4.2, 4.6, 5.1): marks the order paid and posts its PV (or a hold lot),
 * its LVP and the income it gives, dated the payment's business date. Paying twice pays once.
 */
export async function postPayment(tx: Tx, plan: Plan, orderId: number, when: Moment): Promise<boolean> {
  const order = await loadOrderToPay(tx, orderId, when.at);
  if (order.payment_status === 'paid' || order.canceled_date) return false;
  await checkPackageRules(tx, plan, order, when.date);

  // Everything the payment writes goes to the database at once, in one statement.
  const postings: Required<Pick<Postings, 'volume' | 'lvp' | 'income' | 'also'>> = {
    volume: [],
    lvp: [],
    income: [],
    also: [
      sql`update orders set payment_status = 'paid', status = 'paid', paid_at = ${when.at.toISOString()}::timestamptz,
        paid_date = ${when.date}, updated_at = now() where id = ${orderId}`,
    ],
  };
  const buyer = order.member_id;
  const suspended = order.suspended;
  const isRepurchase = order.order_type === 'REPURCHASE';
  const hold = order.pv_total > 0 && ((isRepurchase && order.hold_points) || suspended);
  if (hold) {
    postings.also.push(sql`
      insert into hold_lots (member_id, order_id, pv_total, created_date, deadline, repurchase)
      values (${buyer}, ${orderId}, ${order.pv_total}, ${when.date}, ${addDays(when.date, plan.params.HOLD_RELEASE_DAYS)}, ${isRepurchase})
      on conflict (order_id) do nothing`);
  } else {
    postings.volume.push({
      key: `order:${orderId}`,
      memberId: buyer,
      date: when.date,
      pv: order.pv_total,
      personal: true,
      flowsUp: true,
      repurchase: isRepurchase,
      kind: 'ORDER',
      source: `order:${orderId}`,
      orderId,
    });
  }

  if (isRepurchase && order.lvp_total > 0) {
    postings.lvp.push({
      key: `order:${orderId}`,
      memberId: buyer,
      type: 'INCREASE',
      points: order.lvp_total,
      remark: `order ${order.order_no}`,
      date: when.date,
      orderId,
    });
  }

  if (order.order_type === 'PACKAGE' || order.order_type === 'UPGRADE') {
    const referrer = order.referrer_member_id;
    if (referrer !== null) {
      const expiry = (await expiryAsOf(tx, [referrer], when.date, plan)).get(referrer);
      const referrerSuspended = (await suspendedAt(tx, [referrer], when.at)).has(referrer);
      if (isActiveOn(expiry, when.date) && !referrerSuspended) {
        postings.income.push({
          memberId: referrer,
          type: 'REFERRER',
          source: order.order_no,
          orderId,
          amount: pvMoney(order.pv_total, plan.referrerPct, plan.pvThb),
          incomeDate: when.date,
        });
      }
    }
  }

  if (isRepurchase && !suspended) {
    postings.income.push({
      memberId: buyer,
      type: 'CASHBACK',
      source: order.order_no,
      orderId,
      amount: pvMoney(order.pv_total, plan.cashbackPct, plan.pvThb),
      incomeDate: when.date,
    });
  }

  if (order.order_type === 'DROPSHIP') {
    // A sale margin, not a bonus: paid to a suspended seller as well (plan 13).
    const { rows: items } = await tx.execute<{
      id: number;
      line_no: number;
      qty: number;
      selling_price: string | null;
      member_price: string;
    }>(
      sql`select id, line_no, qty, selling_price::text, member_price::text from order_items where order_id = ${orderId} order by line_no`,
    );
    for (const item of items) {
      const selling = satang(item.selling_price ?? item.member_price);
      if (selling < satang(item.member_price)) {
        throw new PlanRuleError(
          `order ${order.order_no}: item ${item.line_no} is sold at ${baht(selling)}, below its member price ${item.member_price}`,
        );
      }
      const compensation = (selling - satang(item.member_price)) * BigInt(item.qty);
      postings.income.push({
        memberId: buyer,
        type: 'DROPSHIP',
        source: order.order_no,
        generation: item.line_no,
        orderId,
        orderItemId: item.id,
        amount: compensation,
        incomeDate: when.date,
      });
    }
  }
  await writePostings(tx, postings);
  await refreshMemberStanding(tx, plan, buyer, when.date);
  return true;
}

/**
 * A cancellation (plan 2.4): never edits a posting; adds reversing rows dated the day it happens,
 * voids waiting income of the order and corrects paid income with negative lines.
 */
export async function postCancellation(tx: Tx, plan: Plan, orderId: number, when: Moment): Promise<boolean> {
  const order = await loadOrder(tx, orderId);
  if (order.canceled_date) return false;
  if (order.order_type === 'PACKAGE' && order.payment_status === 'paid') {
    const { rows } = await tx.execute(sql`
      select 1 from orders where member_id = ${order.member_id} and order_type = 'UPGRADE'
        and payment_status = 'paid' and canceled_date is null`);
    if (rows.length > 0) {
      throw new PlanRuleError(`order ${order.order_no}: cancel the upgrade of this package first`);
    }
  }
  const wasPaid = order.payment_status === 'paid';
  await tx.execute(sql`
    update orders set status = 'canceled', payment_status = ${wasPaid ? 'refunded' : order.payment_status},
      canceled_at = ${when.at.toISOString()}::timestamptz, canceled_date = ${when.date}, updated_at = now()
    where id = ${orderId}`);
  await noticeOrderCanceled(tx, order, when, wasPaid);
  const buyer = order.member_id;
  // LVP and points spent on the order come back, paid or not (the shop spends them at checkout): what
  // the ledger's use rows of this order took, to the member who spent them (plan 2.3, 2.4, 5.2).
  await refundUsesOf(tx, order, when);
  if (!wasPaid) return true;

  // Volume: the order's own posting and the postings of releases from its hold lot.
  const { rows: postings } = await tx.execute<{
    natural_key: string;
    member_id: number;
    pv: number;
    personal: boolean;
    flows_up: boolean;
    own_side: 'left' | 'right' | null;
    repurchase: boolean;
    source: string;
  }>(sql`
    select natural_key, member_id, pv, personal, flows_up, own_side, repurchase, source from volume_postings
    where kind <> 'REVERSAL' and (source = ${`order:${orderId}`}
      or source in (select 'release:' || r.id from hold_releases r join hold_lots l on l.id = r.lot_id where l.order_id = ${orderId}))
    order by id`);
  for (const p of postings) {
    await addVolume(tx, {
      key: `reversal:${p.natural_key}`,
      memberId: p.member_id,
      date: when.date,
      pv: -p.pv,
      personal: p.personal,
      flowsUp: p.flows_up,
      ownSide: p.own_side,
      repurchase: p.repurchase,
      kind: 'REVERSAL',
      source: p.source,
      orderId,
    });
  }
  await tx.execute(
    sql`update hold_lots set canceled_date = ${when.date} where order_id = ${orderId} and canceled_date is null`,
  );

  if (order.order_type === 'REPURCHASE' && order.lvp_total > 0) {
    await addLvp(
      tx,
      `cancel:${orderId}`,
      buyer,
      'DECREASE',
      -order.lvp_total,
      `cancel order ${order.order_no}`,
      when.date,
      orderId,
    );
  }

  await voidOrCorrectIncome(tx, sql`order_id = ${orderId}`, when.date);
  await refreshMemberStanding(tx, plan, buyer, when.date);
  return true;
}

/**
 * The LVP and point-balance uses of an order (natural key `use:{order no}`, at most one of each)
 * given back on its cancel date: INCREASE `refund LVP order {no}` and a REFUND row of the points.
 */
async function refundUsesOf(tx: Tx, order: Pick<OrderRow, 'id' | 'order_no'>, when: Moment) {
  const useKey = `use:${order.order_no}`;
  const { rows: lvp } = await tx.execute<{ member_id: number; points: number }>(
    sql`select member_id, points from lvp_postings where natural_key = ${useKey} and points < 0`,
  );
  const { rows: points } = await tx.execute<{ member_id: number; points: string }>(
    sql`select member_id, points::text from point_postings where natural_key = ${useKey} and points < 0`,
  );
  await writePostings(tx, {
    lvp: lvp.map((u) => ({
      key: `refund:${order.id}`,
      memberId: u.member_id,
      type: 'INCREASE' as const,
      points: -u.points,
      remark: `refund LVP order ${order.order_no}`,
      date: when.date,
      orderId: order.id,
    })),
    points: points.map((u) => ({
      key: `refund:${order.id}`,
      memberId: u.member_id,
      kind: 'REFUND' as const,
      points: -satang(u.points),
      remark: `refund order ${order.order_no}`,
      date: when.date,
      orderId: order.id,
    })),
  });
}

/** Waiting lines become VOID; paid ones get a negative correction line dated `date` (plan 2.4). */
export async function voidOrCorrectIncome(tx: Tx, where: ReturnType<typeof sql>, date: string) {
  await tx.execute(sql`
    update income_lines set state = 'VOID', voided_date = ${date}
    where ${where} and not correction and state = 'WAITING'`);
  await tx.execute(sql`
    insert into income_lines (member_id, type, source, generation, correction, order_id, order_item_id, amount, income_date)
    select member_id, type, source, generation, true, order_id, order_item_id, -amount, ${date}
    from income_lines where ${where} and not correction and state = 'PAID'
    on conflict (member_id, type, source, generation, correction) do nothing`);
}

export type ReleaseTarget = 'SELF' | 'LEFT' | 'RIGHT';

/**
 * A release from a hold lot (plan 5.1): SELF is personal PV and flows up; LEFT or RIGHT counts in
 * the member's own leg and flows up, without personal PV. Refused for a suspended member unless it
 * is the automatic release at the deadline.
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
  const { rows } = await tx.execute<{
    member_id: number;
    order_id: number;
    pv_total: number;
    released: number;
    canceled_date: string | null;
    repurchase: boolean;
  }>(sql`
    select l.member_id, l.order_id, l.pv_total, l.canceled_date::text, l.repurchase,
      coalesce((select sum(pv) from hold_releases r where r.lot_id = l.id), 0)::int as released
    from hold_lots l where l.id = ${lotId} for update`);
  const lot = rows[0];
  if (!lot) throw new PlanRuleError(`hold lot ${lotId} does not exist`);
  if (lot.canceled_date) throw new PlanRuleError(`hold lot ${lotId}: its order was canceled`);
  const remaining = lot.pv_total - lot.released;
  if (!Number.isInteger(pv) || pv < 1 || pv > remaining) {
    throw new PlanRuleError(`hold lot ${lotId}: a release must be between 1 and ${remaining} PV`);
  }
  if (!auto && (await suspendedAt(tx, [lot.member_id], when.at)).has(lot.member_id)) {
    throw new PlanRuleError(`hold lot ${lotId}: a suspended member cannot release points`);
  }
  const { rows: inserted } = await tx.execute<{ id: number }>(sql`
    insert into hold_releases (lot_id, release_date, pv, target, auto)
    values (${lotId}, ${when.date}, ${pv}, ${target}, ${auto}) returning id`);
  const releaseId = inserted[0]!.id;
  await addVolume(tx, {
    key: `release:${releaseId}`,
    memberId: lot.member_id,
    date: when.date,
    pv,
    personal: target === 'SELF',
    flowsUp: true,
    ownSide: target === 'LEFT' ? 'left' : target === 'RIGHT' ? 'right' : null,
    repurchase: target === 'SELF' && lot.repurchase,
    kind: 'RELEASE',
    source: `release:${releaseId}`,
    orderId: lot.order_id,
  });
  if (target === 'SELF') await refreshMemberStanding(tx, plan, lot.member_id, when.date);
  return releaseId;
}

/** The lots whose deadline is `date`: what is left goes to SELF (plan 5.1), before that day's closing. */
export async function releaseDueHolds(tx: Tx, plan: Plan, when: Moment): Promise<number> {
  const { rows } = await tx.execute<{ id: number; remaining: number }>(sql`
    select l.id, l.pv_total - coalesce((select sum(pv) from hold_releases r where r.lot_id = l.id), 0)::int as remaining
    from hold_lots l where l.deadline = ${when.date}::date and l.canceled_date is null order by l.id`);
  let released = 0;
  for (const lot of rows) {
    if (lot.remaining <= 0) continue;
    await releaseHold(tx, plan, lot.id, lot.remaining, 'SELF', when, true);
    released++;
  }
  return released;
}

/** An order is paid with LVP at most once and with points at most once (plan 13, settled points). */
async function refuseSecondUse(
  tx: Tx,
  table: 'lvp_postings' | 'point_postings',
  orderNo: string,
  what: string,
) {
  const { rows } = await tx.execute(
    sql`select 1 from ${sql.identifier(table)} where natural_key = ${`use:${orderNo}`}`,
  );
  if (rows.length > 0)
    throw new PlanRuleError(`${what} of order ${orderNo}: the order is paid with ${what} already`);
}

/** LVP as part payment (plan 2.3): never more than the balance. */
export async function useLvp(
  tx: Tx,
  memberId: number,
  points: number,
  orderNo: string,
  when: Moment,
  orderId: number | null = null,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lvp'), ${memberId}::int)`);
  await refuseSecondUse(tx, 'lvp_postings', orderNo, 'LVP');
  const balance = await lvpBalance(tx, memberId);
  if (!Number.isInteger(points) || points < 1 || points > balance) {
    throw new PlanRuleError(`LVP of order ${orderNo}: ${points} is more than the balance ${balance}`);
  }
  await addLvp(
    tx,
    `use:${orderNo}`,
    memberId,
    'DECREASE',
    -points,
    `use in order ${orderNo}`,
    when.date,
    orderId,
  );
}

/** The point balance as part payment (plan 5.2): never more than the balance. */
export async function usePoints(
  tx: Tx,
  memberId: number,
  points: Satang,
  orderNo: string,
  when: Moment,
  orderId: number | null = null,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('points'), ${memberId}::int)`);
  await refuseSecondUse(tx, 'point_postings', orderNo, 'points');
  const balance = await pointBalance(tx, memberId);
  if (points <= 0n || points > balance) {
    throw new PlanRuleError(
      `points of order ${orderNo}: ${baht(points)} is more than the balance ${baht(balance)}`,
    );
  }
  await addPoints(
    tx,
    `use:${orderNo}`,
    memberId,
    'USE',
    -points,
    `use in order ${orderNo}`,
    when.date,
    orderId,
  );
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
  if (!remark.trim()) throw new PlanRuleError('an adjustment needs a remark');
  await addLvp(
    tx,
    `other:${when.at.getTime()}:${memberId}`,
    memberId,
    'OTHER',
    points,
    remark,
    when.date,
    null,
    staffUserId,
  );
}
