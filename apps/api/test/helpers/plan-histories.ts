import fc from 'fast-check';
import { addDays } from '@portal/plan/dates';
import { DEFAULT_PLAN } from '@portal/plan/params';
import type { Scenario } from '../../src/compensation/simulate';

/**
 * Random histories of the plan (section 13 scenarios) for the property tests: a random tree of 3–8
 * members and what they do over a window of days. Every history is valid by construction except for
 * what only the engine can know (a point balance, a release by a member the history suspended), so a
 * rule error of any other kind is a finding, not a history to skip.
 */
export const PACKAGES = Object.keys(DEFAULT_PLAN.PACKAGES);

/** The rule errors a generated history may meet by chance; any other is the engine's doing. */
export const UNFORESEEABLE = /a suspended member cannot release|points of order .* more than the balance/;

export interface HistoryWindow {
  start: string;
  days: number;
  /** Reach a month's end with cancellations after it (MTA), KYC dates, upgrades, uses of LVP and points. */
  rich?: boolean;
}

/** `arb` with weight `yes` against `no` for undefined. */
const sometimes = <T>(arb: fc.Arbitrary<T>, yes: number, no: number) =>
  fc.oneof({ arbitrary: arb, weight: yes }, { arbitrary: fc.constant(undefined), weight: no });

export function historyArb({ start, days, rich = false }: HistoryWindow) {
  return fc
    .record({
      size: fc.integer({ min: 3, max: 8 }),
      slots: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
      referrers: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
      // Most members verified from the start, some never, some on a day of the window (around paydays).
      kyc: fc.array(
        fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 6 },
          { arbitrary: fc.constant(null), weight: 1 },
          { arbitrary: fc.nat(days), weight: 3 },
        ),
        { minLength: 8, maxLength: 8 },
      ),
      packages: fc.array(
        fc.record({
          pkg: fc.nat(PACKAGES.length - 1),
          day: fc.nat(Math.min(days - 1, 4)),
          skip: fc.nat(5),
          upgrade: sometimes(
            fc.record({ after: fc.nat(days - 1), up: fc.integer({ min: 1, max: 3 }) }),
            1,
            1,
          ),
          cancelUpgrade: sometimes(fc.nat(days), 1, 2),
        }),
        { minLength: 8, maxLength: 8 },
      ),
      orders: fc.array(
        fc.record({
          who: fc.nat(),
          day: fc.nat(days - 1),
          pv: fc.integer({ min: 0, max: 30 }).map((n) => n * 50),
          lvp: fc.nat(40),
          hold: fc.boolean(),
          dropship: sometimes(
            fc.record({
              qty: fc.integer({ min: 1, max: 3 }),
              margin: fc.constantFrom('0.00', '50.00', '100.00'),
            }),
            1,
            4,
          ),
          useLvp: sometimes(fc.integer({ min: 1, max: 30 }), 1, 2),
          usePoints: sometimes(fc.constantFrom('0.50', '1.00', '5.00'), 1, 3),
          cancelAfter: sometimes(fc.nat(days), 1, 2),
          release: fc.option(
            fc.record({
              after: fc.nat(4),
              part: fc.integer({ min: 1, max: 4 }),
              target: fc.constantFrom('SELF', 'LEFT', 'RIGHT'),
            }),
            { nil: undefined },
          ),
        }),
        rich ? { minLength: 8, maxLength: 20 } : { maxLength: 14 },
      ),
      suspensions: fc.array(
        fc.record({ who: fc.nat(), day: fc.nat(days - 1), lift: fc.option(fc.nat(3), { nil: undefined }) }),
        { maxLength: 2 },
      ),
      shuffledPackages: fc.boolean(),
    })
    .map((g): Scenario => {
      const codes = Array.from({ length: g.size }, (_, i) => `M${i}`);
      const date = (d: number) => addDays(start, Math.min(d, days - 1));
      const members: Scenario['members'] = [{ code: codes[0]! }];
      const free: { upline: string; side: 'left' | 'right' }[] = [
        { upline: codes[0]!, side: 'left' },
        { upline: codes[0]!, side: 'right' },
      ];
      for (let i = 1; i < g.size; i++) {
        const slot = free.splice(g.slots[i]! % free.length, 1)[0]!;
        // Mostly the upline refers (so legs qualify and cycles happen), sometimes anyone before.
        const referrer = g.referrers[i]! % 4 === 0 ? codes[g.referrers[i]! % i]! : slot.upline;
        members.push({ code: codes[i]!, ...slot, referrer });
        free.push({ upline: codes[i]!, side: 'left' }, { upline: codes[i]!, side: 'right' });
      }
      if (rich) {
        members.forEach((m, i) => {
          const k = g.kyc[i];
          if (k !== undefined) m.kyc_verified_on = k === null ? null : date(k);
        });
      }
      const events: Scenario['events'] = [];
      codes.forEach((c, i) => {
        const p = g.packages[i]!;
        if (p.skip === 0 && i > 0) return; // some members never buy a package
        events.push({
          date: date(p.day),
          type: 'order',
          id: `P${i}`,
          member: c,
          order_type: 'PACKAGE',
          package: PACKAGES[p.pkg]!,
        });
        const to = p.pkg + (p.upgrade?.up ?? 0);
        if (rich && p.upgrade && to < PACKAGES.length && p.day + p.upgrade.after < days) {
          const day = p.day + p.upgrade.after;
          events.push({
            date: date(day),
            type: 'order',
            id: `U${i}`,
            member: c,
            order_type: 'UPGRADE',
            package: PACKAGES[to]!,
          });
          if (p.cancelUpgrade !== undefined && day + p.cancelUpgrade < days) {
            events.push({ date: date(day + p.cancelUpgrade), type: 'cancel', order: `U${i}` });
          }
        }
      });
      // LVP a member can surely spend on a day: what orders of earlier days, never canceled, gave.
      const spendable = new Map<string, { day: number; lvp: number }[]>();
      const used = new Map<string, number>();
      g.orders.forEach((o, i) => {
        const id = `R${i}`;
        const who = codes[o.who % g.size]!;
        const canceled = o.cancelAfter !== undefined && o.day + o.cancelAfter < days;
        if (rich && o.dropship) {
          events.push({
            date: date(o.day),
            type: 'order',
            id,
            member: who,
            order_type: 'DROPSHIP',
            items: [
              {
                product_code: 'P001',
                qty: o.dropship.qty,
                member_price: '350.00',
                selling_price: (350 + Number(o.dropship.margin)).toFixed(2),
                pv: o.pv / 10,
              },
            ],
          });
        } else {
          events.push({
            date: date(o.day),
            type: 'order',
            id,
            member: who,
            order_type: 'REPURCHASE',
            pv: o.pv,
            lvp: o.lvp,
            hold: o.hold,
          });
          if (!canceled) spendable.set(who, [...(spendable.get(who) ?? []), { day: o.day, lvp: o.lvp }]);
        }
        if (rich && o.useLvp !== undefined) {
          const earned = (spendable.get(who) ?? [])
            .filter((s) => s.day < o.day)
            .reduce((n, s) => n + s.lvp, 0);
          const points = Math.min(o.useLvp, earned - (used.get(who) ?? 0));
          if (points >= 1) {
            used.set(who, (used.get(who) ?? 0) + points);
            events.push({ date: date(o.day), type: 'use_lvp', member: who, order: id, points });
          }
        }
        // Points come from cycles, which only the engine knows: one use a history, late, small.
        if (
          rich &&
          o.usePoints !== undefined &&
          o.day >= days / 2 &&
          !events.some((e) => e.type === 'use_points')
        ) {
          events.push({ date: date(o.day), type: 'use_points', member: who, order: id, points: o.usePoints });
        }
        // A release comes before its order's cancellation (a canceled lot has nothing to release).
        if (
          o.hold &&
          o.pv > 0 &&
          o.release &&
          !o.dropship &&
          (!canceled || o.release.after < o.cancelAfter!)
        ) {
          events.push({
            date: date(o.day + o.release.after),
            type: 'release',
            order: id,
            pv: Math.max(1, Math.floor((o.pv * o.release.part) / 4)),
            target: o.release.target,
          });
        }
        if (canceled) events.push({ date: date(o.day + o.cancelAfter!), type: 'cancel', order: id });
      });
      for (const s of g.suspensions) {
        const who = codes[s.who % g.size]!;
        events.push({ date: date(s.day), type: 'suspend', member: who });
        if (s.lift !== undefined)
          events.push({ date: date(s.day + s.lift + 1), type: 'unsuspend', member: who });
      }
      const scenario: Scenario = { members, events, until: addDays(start, days + 1) };
      // The packages written in the order jsonb keeps them in: the plan's order must not depend on it.
      if (rich && g.shuffledPackages) {
        const p = DEFAULT_PLAN.PACKAGES;
        scenario.plan = {
          PACKAGES: { GOLD: p.GOLD, SILVER: p.SILVER, STARTER: p.STARTER, PLATINUM: p.PLATINUM },
        };
      }
      return scenario;
    });
}
