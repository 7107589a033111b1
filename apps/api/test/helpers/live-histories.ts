import fc from 'fast-check';
import { addDays, bangkokDate, lastDayOfMonth, previousSunday, weekday } from '@portal/plan/dates';
import { DEFAULT_PLAN } from '@portal/plan/params';

/**
 * Small random histories that a member, the shop and staff can live through as well as a scenario
 * can state them (live-vs-simulator.test.ts): 4–8 members, 20–45 days that cross a month's end and
 * Tuesday payouts; packages, upgrades, repurchases with PV and LVP, LVP and points spent on orders,
 * holds and releases, cancellations (the same day, after a closing, after the month's MTA run, after
 * a payout), suspensions and KYC dates around paydays. Only what the live system lets happen is
 * generated: a suspended member does not shop or release (the portal refuses them), a member is
 * suspended only while their KYC is missing (the KYC deadline's suspension; a KYC-complete member's
 * suspension is lifted by the deadline job), and a suspension ends on the day KYC succeeds.
 */
const PACKAGES = Object.keys(DEFAULT_PLAN.PACKAGES);
/** Histories start in this year while it is ahead (a seed gives the same dates on any day). */
const BASE_YEAR = 2029;

export type Step =
  | { day: number; kind: 'kyc'; who: number }
  | { day: number; kind: 'suspend'; who: number }
  | { day: number; kind: 'package' | 'upgrade'; who: number; id: string; pkg: string }
  | {
      day: number;
      kind: 'repurchase';
      who: number;
      id: string;
      /** Per unit, of a product bought `qty` times. */
      pv: number;
      lvp: number;
      qty: number;
      hold: boolean;
      /** What the buyer would like to spend; the checkout spends at most the balance. */
      useLvp: number;
      usePoints: bigint;
      /** Paid by bank transfer (a slip sent at once), confirmed by staff later: not at checkout. */
      transfer: boolean;
    }
  | { day: number; kind: 'confirm'; order: string }
  | {
      day: number;
      kind: 'cancel';
      order: string;
      why: CancelKind;
      /** The desk's refund (default), or the buyer's cancellation within the cooling-off period after delivery. */
      via?: 'cooling-off';
    }
  | { day: number; kind: 'release'; order: string; pv: number; target: 'SELF' | 'LEFT' | 'RIGHT' };

export type CancelKind = 'same-day' | 'after-closing' | 'after-mta' | 'after-payout';

export interface HistoryMember {
  code: string;
  upline?: number;
  side?: 'left' | 'right';
  referrer?: number;
  /** Day KYC succeeds; undefined: verified from the start; null: never. */
  kyc: number | null | undefined;
}

export interface LiveHistory {
  start: string;
  days: number;
  members: HistoryMember[];
  /** In the order they happen: by day, then as listed. */
  steps: Step[];
}

/** `arb` one time in `oneIn` (else undefined). */
const sometimes = <T>(arb: fc.Arbitrary<T>, oneIn: number) =>
  fc.oneof(
    { arbitrary: fc.constant(undefined), weight: oneIn - 1 },
    { arbitrary: arb.map((v): T | undefined => v), weight: 1 },
  );

export const rawHistoryArb = fc.record({
  size: fc.integer({ min: 4, max: 8 }),
  days: fc.integer({ min: 20, max: 45 }),
  month: fc.nat(11),
  monthEnd: fc.nat(),
  slots: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
  referrers: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
  kyc: fc.array(sometimes(fc.option(fc.nat(), { nil: null }), 2), { minLength: 8, maxLength: 8 }),
  suspend: fc.array(sometimes(fc.nat(), 2), { minLength: 8, maxLength: 8 }),
  packages: fc.array(
    fc.record({
      pkg: fc.nat(PACKAGES.length - 1),
      day: fc.nat(4),
      skip: fc.nat(6),
      upgrade: sometimes(fc.record({ after: fc.nat(), up: fc.integer({ min: 1, max: 3 }) }), 2),
      cancelUpgrade: sometimes(fc.nat(8), 2),
      cancelPackage: sometimes(fc.nat(8), 8),
    }),
    { minLength: 8, maxLength: 8 },
  ),
  orders: fc.array(
    fc.record({
      who: fc.nat(),
      day: fc.nat(),
      pv: fc.integer({ min: 0, max: 12 }).map((n) => n * 50),
      lvp: fc.nat(25),
      qty: fc.integer({ min: 1, max: 3 }),
      hold: fc.boolean(),
      /** Days until staff confirm the transfer slip (else the demo provider pays at checkout). */
      transfer: sometimes(fc.nat(3), 4),
      useLvp: sometimes(fc.integer({ min: 1, max: 60 }), 2),
      usePoints: sometimes(fc.integer({ min: 1, max: 4000 }), 2),
      cancel: sometimes(
        fc.record({
          why: fc.constantFrom<CancelKind>('same-day', 'after-closing', 'after-mta', 'after-payout'),
          n: fc.nat(4),
        }),
        2,
      ),
      release: sometimes(
        fc.record({
          after: fc.nat(6),
          part: fc.integer({ min: 1, max: 4 }),
          target: fc.constantFrom('SELF' as const, 'LEFT' as const, 'RIGHT' as const),
        }),
        2,
      ),
    }),
    { minLength: 8, maxLength: 18 },
  ),
});
export type RawHistory = typeof rawHistoryArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * The first day: a month's end falls on day 3 … days − 4 (so the month's MTA run happens with days
 * before and after it), in BASE_YEAR while that is ahead of `today`, else in the months after today.
 */
function startOf(raw: RawHistory, today: string): { start: string; monthEndAt: number } {
  const monthEndAt = 3 + (raw.monthEnd % (raw.days - 6));
  const base = `${BASE_YEAR}-${String(raw.month + 1).padStart(2, '0')}-01`;
  let end = lastDayOfMonth(base);
  if (addDays(end, -monthEndAt) <= today) end = lastDayOfMonth(addDays(today, monthEndAt + 1));
  return { start: addDays(end, -monthEndAt), monthEndAt };
}

/** The concrete history of a raw draw: days as numbers from `start`. */
export function buildHistory(raw: RawHistory, today: string = bangkokDate(new Date())): LiveHistory {
  const { start, monthEndAt } = startOf(raw, today);
  const days = raw.days;
  const dateOf = (d: number) => addDays(start, d);
  const tuesdays = [...Array(days).keys()].filter((d) => weekday(dateOf(d)) === 2);
  const members: HistoryMember[] = [];
  const free: { upline: number; side: 'left' | 'right' }[] = [
    { upline: 0, side: 'left' },
    { upline: 0, side: 'right' },
  ];
  for (let i = 0; i < raw.size; i++) {
    // KYC on a day around a Tuesday (the day before, the day itself, the day after), or never.
    const k = raw.kyc[i];
    const kyc =
      k === undefined || k === null
        ? k
        : Math.min(days - 1, Math.max(1, tuesdays[k % tuesdays.length]! + ((k >> 4) % 3) - 1));
    if (i === 0) {
      // The root is verified and buys on the first day: it earns cycles whenever its legs grow.
      members.push({ code: 'M0', kyc: undefined });
      continue;
    }
    // The root's two legs first (its cycles need both), then any free slot.
    const slot = free.splice(i <= 2 ? 0 : raw.slots[i]! % free.length, 1)[0]!;
    const referrer = raw.referrers[i]! % 4 === 0 ? raw.referrers[i]! % i : slot.upline;
    members.push({ code: `M${i}`, upline: slot.upline, side: slot.side, referrer, kyc });
    free.push({ upline: i, side: 'left' }, { upline: i, side: 'right' });
  }

  const steps: Step[] = [];
  // Suspended from a day until the KYC day (exclusive), only while the KYC is missing.
  const suspendedFrom = new Map<number, number>();
  members.forEach((m, i) => {
    const s = raw.suspend[i];
    if (m.kyc === undefined || s === undefined) return;
    const until = m.kyc ?? days;
    if (until < 2) return;
    const day = 1 + (s % (until - 1));
    suspendedFrom.set(i, day);
    steps.push({ day, kind: 'suspend', who: i });
  });
  members.forEach((m, i) => {
    if (typeof m.kyc === 'number') steps.push({ day: m.kyc, kind: 'kyc', who: i });
  });
  const suspended = (who: number, day: number) => {
    const from = suspendedFrom.get(who);
    const kyc = members[who]!.kyc;
    return from !== undefined && day >= from && (typeof kyc !== 'number' || day < kyc);
  };

  raw.packages.slice(0, raw.size).forEach((p, i) => {
    // The root always has a package and keeps it (so that cycles happen).
    if ((p.skip === 0 && i > 0) || suspended(i, p.day)) return;
    const day = i === 0 ? 0 : p.day;
    steps.push({ day, kind: 'package', who: i, id: `P${i}`, pkg: PACKAGES[p.pkg]! });
    const rank = p.pkg + (p.upgrade?.up ?? 0);
    if (p.upgrade && rank < PACKAGES.length) {
      const up = day + 1 + (p.upgrade.after % (days - day - 1));
      if (!suspended(i, up)) {
        steps.push({ day: up, kind: 'upgrade', who: i, id: `U${i}`, pkg: PACKAGES[rank]! });
        if (p.cancelUpgrade !== undefined && up + p.cancelUpgrade < days) {
          const why = p.cancelUpgrade === 0 ? 'same-day' : 'after-closing';
          steps.push({ day: up + p.cancelUpgrade, kind: 'cancel', order: `U${i}`, why });
        }
        return;
      }
    }
    // A package is canceled only while no upgrade of it stands (plan 13).
    if (i > 0 && p.cancelPackage !== undefined && day + p.cancelPackage < days) {
      const why = p.cancelPackage === 0 ? 'same-day' : 'after-closing';
      steps.push({ day: day + p.cancelPackage, kind: 'cancel', order: `P${i}`, why });
    }
  });

  raw.orders.forEach((o, n) => {
    const who = o.who % raw.size;
    const day = o.day % days;
    if (suspended(who, day)) return;
    const id = `R${n}`;
    // Paid on `paid`: at checkout, or when staff confirm the slip (the buyer may be suspended by then).
    const transfer = o.transfer !== undefined && day + o.transfer < days;
    const paid = transfer ? day + o.transfer! : day;
    steps.push({
      day,
      kind: 'repurchase',
      who,
      id,
      pv: o.pv,
      lvp: o.lvp,
      qty: o.qty,
      hold: o.hold,
      useLvp: o.useLvp ?? 0,
      usePoints: BigInt(o.usePoints ?? 0),
      transfer,
    });
    if (transfer) steps.push({ day: paid, kind: 'confirm', order: id });
    let canceled = Infinity;
    // Canceled once paid (a scenario's orders are paid ones): refunded by staff.
    if (o.cancel) {
      const c = cancelDay(o.cancel.why, o.cancel.n, paid, monthEndAt, dateOf, tuesdays);
      if (c !== null && c < days) {
        canceled = c;
        steps.push({ day: c, kind: 'cancel', order: id, why: o.cancel.why });
      }
    }
    if (o.hold && o.pv > 0 && o.release) {
      const r = paid + o.release.after;
      // Released by hand only by a member who may (not suspended), before the order is canceled.
      if (r < days && r < canceled && !suspended(who, r)) {
        const pv = Math.max(1, Math.floor((o.pv * o.qty * o.release.part) / 4));
        steps.push({ day: r, kind: 'release', order: id, pv, target: o.release.target });
      }
    }
  });

  // By day; within a day KYC and suspensions first (they happen at the day's deadline run), then as
  // generated (an order before its cancel and release of the same day).
  const first = (s: Step) => (s.kind === 'kyc' || s.kind === 'suspend' ? 0 : 1);
  const ordered = steps
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.day - b.s.day || first(a.s) - first(b.s) || a.i - b.i);
  return { start, days, members, steps: ordered.map((x) => x.s) };
}

/** The day of a cancellation of an order of day `day`, or null when the history has no such day. */
function cancelDay(
  why: CancelKind,
  n: number,
  day: number,
  monthEndAt: number,
  dateOf: (d: number) => string,
  tuesdays: number[],
): number | null {
  switch (why) {
    case 'same-day':
      return day;
    case 'after-closing':
      return day + 1 + (n % 5);
    case 'after-mta':
      // Paid in the month, canceled after the month's MTA run.
      return day <= monthEndAt ? monthEndAt + 1 + (n % 3) : null;
    case 'after-payout': {
      // After the first payout run that pays the order's lines (dated on or before its Sunday).
      const run = tuesdays.find((t) => dateOf(day) <= previousSunday(dateOf(t)));
      return run === undefined ? null : run + 1 + (n % 2);
    }
  }
}
