import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { addDays, endOfBangkokDay, startOfBangkokDay, type Moment } from '@portal/plan/dates';
import { runBusinessDay } from '../compensation/engine';
import { releaseHold } from '../compensation/ledger';
import { planFor } from '../compensation/plan';
import { baht, satang } from '@portal/plan/money';
import { refreshVolumePreview } from '../compensation/preview';
import { suspendedAt } from '../compensation/standing';
import { findProducts } from '../modules/shop';
import {
  historyShop,
  placeHistoryOrder,
  refundHistoryOrder,
  settleHistoryOrders,
  uncountStock,
  type HistoryItem,
  type HistoryOrder,
} from './history-orders';

/**
 * The demo's money history (issue 8): packages for the demo network, then about 90 days of
 * repurchases, community-shop sales, upgrades, cancellations before and after their closing, hold
 * lots released by hand, in part, or at their deadline, and every closing, MTA month and payout run
 * of those days, done by the engine itself, day by day, exactly as the scheduler would. Every order
 * is a shop order placed and refunded through the shop's own code (history-orders.ts). Seeded once,
 * into a demo network without orders.
 */
const HISTORY_DAYS = 90;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Event =
  | ({ kind: 'order'; cancelAfter?: number } & HistoryOrder)
  | { kind: 'cancel'; orderNo: string }
  | { kind: 'release'; orderNo: string; part: number; target: 'SELF' | 'LEFT' | 'RIGHT' };

export interface HistorySummary {
  days: number;
  orders: number;
  runs: number;
}

export async function seedDemoHistory(
  ctx: AppContext,
  today: string,
  demoEmail: string,
): Promise<HistorySummary | null> {
  const db = ctx.db;
  const { rows: existing } = await db.execute(sql`select 1 from orders limit 1`);
  if (existing.length > 0) return null;
  const { rows: placed } = await db.execute<{ id: number; referrer: number | null; email: string }>(sql`
    select m.id, m.referrer_member_id as referrer, u.email from members m join users u on u.id = m.user_id
    where m.depth is not null order by m.depth, m.id`);
  if (placed.length === 0) return null;
  const catalog = (
    await findProducts(db, { kind: 'PRODUCT', active: true, limit: 1000, offset: 0 })
  ).rows.sort((a, b) => (a.code < b.code ? -1 : 1));
  const demo = placed.find((m) => m.email === demoEmail) ?? placed[0]!;
  const random = rng(90);
  const start = addDays(today, -HISTORY_DAYS);
  const plan = await planFor(db, start);
  const packages = [...plan.packages.keys()];

  // The member rows show what the ledger gives; the demo seed's placeholders go.
  await db.execute(sql`update members set package = null, business_title = null, expiry_date = null`);
  // The demo member was paid while their bank was verified (the flags are restored after): to their
  // first account, approved before the history's first day, which stays on file. Payouts go only to
  // an approved account (plan 6); the bank book they sent since, for another account, was rejected.
  await db.execute(sql`
    insert into bank_accounts (user_id, bank_code, account_no, account_name, account_type, branch, status, reviewed_at, created_at)
    select u.id, 'scb', '4020090001', trim(u.first_name || ' ' || u.last_name), 'savings', 'สาขาสีลม', 'success',
      ${startOfBangkokDay(addDays(start, -1)).toISOString()}::timestamptz, ${startOfBangkokDay(addDays(start, -2)).toISOString()}::timestamptz
    from members m join users u on u.id = m.user_id
    where m.id = ${demo.id} and not exists (select 1 from bank_accounts b where b.user_id = u.id and b.status = 'success')`);
  const { rows: kycBefore } = await db.execute<{ bank: boolean; decided_at: string | null }>(sql`
    select u.is_verifies_bank as bank, k.decided_at::text from members m join users u on u.id = m.user_id
    left join member_kyc k on k.member_id = m.id where m.id = ${demo.id}`);
  await db.execute(
    sql`update users set is_verifies_bank = true where id = (select user_id from members where id = ${demo.id})`,
  );
  await db.execute(sql`update member_kyc set decided_at = null where member_id = ${demo.id}`);

  const schedule = new Map<string, Event[]>();
  const at = (day: number, e: Event) => {
    const d = addDays(start, day);
    schedule.set(d, [...(schedule.get(d) ?? []), e]);
  };
  const pickItems = (max: number): HistoryItem[] =>
    Array.from({ length: 1 + Math.floor(random() * max) }, () => ({
      product: catalog[Math.floor(random() * catalog.length)]!,
      qty: 1 + Math.floor(random() * 2),
    }));

  // Packages in the first ten days, uplines first; the demo member buys GOLD on the first day.
  const packageOf = new Map<number, string>();
  placed.forEach((m, i) => {
    const pkg =
      m.id === demo.id
        ? 'GOLD'
        : random() < 0.1
          ? null
          : packages[Math.min(3, Math.floor(random() ** 1.6 * 4))]!;
    if (!pkg) return;
    packageOf.set(m.id, pkg);
    at(m.id === demo.id ? 0 : Math.floor((i / placed.length) * 10), {
      kind: 'order',
      member: m.id,
      type: 'PACKAGE',
      pkg,
    });
  });
  // Upgrades on day 30 and 55.
  const starters = placed.filter((m) => packageOf.get(m.id) === 'STARTER');
  for (const m of starters.slice(0, 6))
    at(30 + Math.floor(random() * 25), { kind: 'order', member: m.id, type: 'UPGRADE', pkg: 'SILVER' });
  if (catalog.length > 0) {
    for (let day = 3; day < HISTORY_DAYS; day++) {
      for (const m of placed) {
        if (!packageOf.has(m.id) || m.id === demo.id || random() > 0.035) continue;
        const hold = random() < 0.12;
        const r = random();
        const cancelAfter = r < 0.03 ? 0 : r < 0.06 ? 2 : undefined;
        at(day, { kind: 'order', member: m.id, type: 'REPURCHASE', items: pickItems(3), hold, cancelAfter });
      }
      // The demo member: a repurchase every nine days (MTA qualifies), a community-shop sale every twelve.
      if (day % 9 === 4)
        at(day, {
          kind: 'order',
          member: demo.id,
          type: 'REPURCHASE',
          items: pickItems(2).map((i) => ({ ...i, qty: 3 })),
          hold: day === 22,
        });
      if (day % 12 === 7) {
        const product = catalog[day % catalog.length]!;
        // Halfway between member and retail price, to the satang.
        const selling = baht((satang(product.memberPrice) + satang(product.retailPrice)) / 2n);
        at(day, { kind: 'order', member: demo.id, type: 'DROPSHIP', items: [{ product, qty: 2, selling }] });
      }
    }
  }

  // The demo member's canceled orders and hold points pages: a repurchase canceled two days after
  // it was paid, and one paid three days ago with its points held (its lot is still open).
  if (catalog.length > 0) {
    const item = { product: catalog[0]!, qty: 2 };
    at(40, { kind: 'order', member: demo.id, type: 'REPURCHASE', items: [item], cancelAfter: 2 });
    at(HISTORY_DAYS - 3, { kind: 'order', member: demo.id, type: 'REPURCHASE', items: [item], hold: true });
  }

  const shop = await historyShop(ctx, plan);
  const restock = await uncountStock(db);
  let orders = 0;
  let runs = 0;
  // The history's own key of each order (H000001…) and the number the shop gave it.
  const orderNos = new Map<string, string>();
  const lots: { orderNo: string; day: number }[] = [];
  for (let day = 0; day < HISTORY_DAYS; day++) {
    const d = addDays(start, day);
    const events = schedule.get(d) ?? [];
    // Hold lots: the first of every three released in part after a week, the second whole, the third expires.
    lots.forEach((lot, n) => {
      if (lot.day + 7 !== day) return;
      if (n % 3 === 0)
        events.push({ kind: 'release', orderNo: lot.orderNo, part: 0.5, target: n % 2 ? 'LEFT' : 'SELF' });
      if (n % 3 === 1) events.push({ kind: 'release', orderNo: lot.orderNo, part: 1, target: 'SELF' });
    });
    let second = 0;
    for (const e of events) {
      const when: Moment = {
        date: d,
        at: new Date(startOfBangkokDay(d).getTime() + 3_600_000 + ++second * 1000),
      };
      await db.transaction(async (tx) => {
        if (e.kind === 'order') {
          const no = `H${String(++orders).padStart(6, '0')}`;
          const placed = await placeHistoryOrder(tx, shop, orders, e, when);
          orderNos.set(no, placed.orderNo);
          if (e.hold) lots.push({ orderNo: no, day });
          if (e.cancelAfter === 0) await refundHistoryOrder(tx, shop, placed.orderNo, when);
          else if (e.cancelAfter) at(day + e.cancelAfter, { kind: 'cancel', orderNo: no });
        } else if (e.kind === 'cancel') {
          await refundHistoryOrder(tx, shop, orderNos.get(e.orderNo)!, when);
        } else {
          const { rows } = await tx.execute<{
            id: number;
            pv_total: number;
            released: number;
            canceled: boolean;
          }>(sql`
            select l.id, l.pv_total, l.canceled_date is not null as canceled,
              coalesce((select sum(pv) from hold_releases r where r.lot_id = l.id), 0)::int as released
            from hold_lots l join orders o on o.id = l.order_id where o.order_no = ${orderNos.get(e.orderNo)!}`);
          const lot = rows[0];
          const pv = lot ? Math.floor((lot.pv_total - lot.released) * e.part) : 0;
          if (lot && !lot.canceled && pv > 0) {
            const { rows: owner } = await tx.execute<{ member_id: number }>(
              sql`select member_id from hold_lots where id = ${lot.id}`,
            );
            const member = owner[0]!.member_id;
            // A suspended member cannot release by hand; their lot waits for its deadline.
            if (!(await suspendedAt(tx, [member], when.at)).has(member)) {
              await releaseHold(tx, plan, lot.id, pv, e.target, when);
            }
          }
        }
      });
    }
    const ran = await runBusinessDay(db, d, {
      startedBy: 'demo-history',
      now: { date: addDays(d, 1), at: new Date(endOfBangkokDay(d).getTime() + 1) },
      preview: false,
    });
    runs += ran.length;
  }

  await restock();
  await settleHistoryOrders(db, today, 5, shop.staff);
  await db.execute(sql`update users set is_verifies_bank = ${kycBefore[0]?.bank ?? false}
    where id = (select user_id from members where id = ${demo.id})`);
  await db.execute(sql`update member_kyc set decided_at = ${kycBefore[0]?.decided_at ?? null}::timestamptz
    where member_id = ${demo.id}`);
  await refreshVolumePreview(db);
  // What the engine told members during the history (payouts, titles, cancellations) is not news.
  await db.execute(sql`update notifications set dispatched_at = created_at where dispatched_at is null`);
  return { days: HISTORY_DAYS, orders, runs };
}
