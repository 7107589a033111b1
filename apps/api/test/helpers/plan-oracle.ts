import { addDays, lastDayOfMonth, monthOf } from '@portal/plan/dates';
import { applyRate, baht, satang, type Satang } from '@portal/plan/money';
import type { Plan } from '../../src/compensation/plan';
import type { Scenario, SimulationResult } from '../../src/compensation/simulate';

/**
 * What the plan says a history must give, worked out from the scenario's events alone (not from the
 * engine's rows) for the rules where the engine was once wrong: balances of LVP and points after uses
 * and cancellations (2.3, 5.2), and the MTA lines of each month (4.3 and the settled points of 13).
 */
type Event = Scenario['events'][number];
type OrderEvent = Extract<Event, { type: 'order' }>;

/** The events in the order the simulator applies them: by date, then as given. */
const applied = (s: Scenario) =>
  s.events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.date < b.e.date ? -1 : a.e.date > b.e.date ? 1 : a.i - b.i))
    .map(({ e }) => e);

const orderLvp = (o: OrderEvent) =>
  o.order_type !== 'REPURCHASE'
    ? 0
    : o.items
      ? o.items.reduce((n, i) => n + (i.lvp ?? 0) * i.qty, 0)
      : (o.lvp ?? 0);
const orderPv = (o: OrderEvent) => (o.items ? o.items.reduce((n, i) => n + i.pv * i.qty, 0) : (o.pv ?? 0));

/** The member's suspension at the end of a day (plan 13: closings and payouts read it so). */
export function suspendedAtEndOf(s: Scenario, member: string, date: string) {
  let suspended = false;
  for (const e of applied(s)) {
    if (e.date > date) break;
    if (e.type === 'suspend' && e.member === member) suspended = true;
    if (e.type === 'unsuspend' && e.member === member) suspended = false;
  }
  return suspended;
}

/** LVP balance per member: earned on repurchases, taken back on cancel, uses given back on cancel. */
export function expectedLvp(s: Scenario): Map<string, number> {
  const out = new Map<string, number>();
  const add = (m: string, n: number) => out.set(m, (out.get(m) ?? 0) + n);
  const orders = new Map<string, OrderEvent>();
  const uses = new Map<string, { member: string; points: number }>();
  for (const e of applied(s)) {
    if (e.type === 'order') {
      orders.set(e.id, e);
      add(e.member, orderLvp(e));
    } else if (e.type === 'use_lvp') {
      uses.set(e.order, { member: e.member, points: e.points });
      add(e.member, -e.points);
    } else if (e.type === 'cancel') {
      const o = orders.get(e.order)!;
      add(o.member, -orderLvp(o));
      const use = uses.get(e.order);
      if (use) add(use.member, use.points);
    }
  }
  return out;
}

/** Point balance per member: the point part of each closing, minus uses, plus uses of canceled orders. */
export function expectedPoints(s: Scenario, r: SimulationResult): Map<string, Satang> {
  const out = new Map<string, Satang>();
  const add = (m: string, n: Satang) => out.set(m, (out.get(m) ?? 0n) + n);
  for (const c of r.closings as { member: string; point_part: string }[]) add(c.member, satang(c.point_part));
  const uses = new Map<string, { member: string; points: Satang }>();
  for (const e of applied(s)) {
    if (e.type === 'use_points') {
      const points = satang(String(e.points));
      uses.set(e.order, { member: e.member, points });
      add(e.member, -points);
    } else if (e.type === 'cancel') {
      const use = uses.get(e.order);
      if (use) add(use.member, use.points);
    }
  }
  return out;
}

export interface MtaLine {
  member: string;
  source: string;
  generation: number;
  amount: string;
  income_date: string;
}

/**
 * The MTA lines of every month that ended by `until` (plan 4.3): REPURCHASE orders paid in the month
 * and not canceled by its end (held ones too) pay up the referrer line to each earner whose title
 * reaches the generation, whose own REPURCHASE PV of the month (not held, not canceled by the month's
 * end, plus releases to SELF of repurchase lots) is at least MTA_MIN_PV, who is active on the last day
 * (`activeOn`, the engine's expiry: not what this oracle is about) and not suspended at its end.
 */
export function expectedMta(
  s: Scenario,
  r: SimulationResult,
  plan: Plan,
  activeOn: (member: string, date: string) => boolean,
): MtaLine[] {
  const referrer = new Map(s.members.map((m) => [m.code, m.referrer]));
  const events = applied(s);
  const canceledOn = new Map(
    events
      .filter((e): e is Extract<Event, { type: 'cancel' }> => e.type === 'cancel')
      .map((e) => [e.order, e.date]),
  );
  const standsAt = (order: string, date: string) => {
    const c = canceledOn.get(order);
    return c === undefined || c > date;
  };
  // Own PV per member and month, and the suspensions, in the order things happen.
  const suspended = new Set<string>();
  const suspendedAtMonthEnd = new Map<string, Set<string>>();
  const ownPv = new Map<string, number>();
  const orders = new Map<string, OrderEvent & { held: boolean }>();
  const first = events[0]?.date ?? s.until;
  const monthEnds: string[] = [];
  for (let d = lastDayOfMonth(first); d <= s.until; d = lastDayOfMonth(addDays(d, 1))) monthEnds.push(d);
  let next = 0;
  const noteMonthEnds = (before: string) => {
    while (next < monthEnds.length && monthEnds[next]! < before) {
      suspendedAtMonthEnd.set(monthEnds[next]!, new Set(suspended));
      next++;
    }
  };
  for (const e of events) {
    noteMonthEnds(e.date);
    const end = lastDayOfMonth(e.date);
    if (e.type === 'suspend') suspended.add(e.member);
    if (e.type === 'unsuspend') suspended.delete(e.member);
    if (e.type === 'order') {
      const held = orderPv(e) > 0 && ((e.order_type === 'REPURCHASE' && !!e.hold) || suspended.has(e.member));
      orders.set(e.id, { ...e, held });
      if (e.order_type === 'REPURCHASE' && !held && standsAt(e.id, end)) {
        const key = `${e.member}:${monthOf(e.date)}`;
        ownPv.set(key, (ownPv.get(key) ?? 0) + orderPv(e));
      }
    }
    if (e.type === 'release' && e.target === 'SELF') {
      const o = orders.get(e.order)!;
      if (o.order_type === 'REPURCHASE' && standsAt(e.order, end)) {
        const key = `${o.member}:${monthOf(e.date)}`;
        ownPv.set(key, (ownPv.get(key) ?? 0) + e.pv);
      }
    }
  }
  noteMonthEnds('9999-12-31');

  const rank = (code: string) => plan.titles.findIndex((t) => t.code === code);
  const depthAt = (member: string, date: string) => {
    const reached = (r.titles as { member: string; to: string; date: string }[])
      .filter((t) => t.member === member && t.date <= date)
      .reduce((best, t) => Math.max(best, rank(t.to)), 0);
    return plan.titles[reached]!.mta_depth;
  };
  const lines: MtaLine[] = [];
  for (const end of monthEnds) {
    const month = monthOf(end);
    for (const o of orders.values()) {
      if (o.order_type !== 'REPURCHASE' || monthOf(o.date) !== month || !standsAt(o.id, end)) continue;
      let earner = referrer.get(o.member);
      for (let g = 1; g <= plan.mtaRates.length && earner; g++, earner = referrer.get(earner)) {
        const qualified =
          g <= depthAt(earner, end) &&
          (ownPv.get(`${earner}:${month}`) ?? 0) >= plan.params.MTA_MIN_PV &&
          activeOn(earner, end) &&
          !suspendedAtMonthEnd.get(end)!.has(earner);
        const amount = applyRate(BigInt(orderPv(o)) * 100n, plan.mtaRates[g - 1]!);
        if (qualified && amount !== 0n) {
          lines.push({ member: earner, source: o.id, generation: g, amount: baht(amount), income_date: end });
        }
      }
    }
  }
  return lines;
}
