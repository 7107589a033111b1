import { describe, expect, it } from 'vitest';
import { baht } from '@portal/plan/money';
import { DEFAULT_PLAN } from '@portal/plan/params';
import { PlanRuleError, compilePlan } from '../../../src/compensation/plan';
import {
  cashback,
  checkPackageRules,
  dropshipMargin,
  paymentPostings,
  referrerBonus,
  referrerEarns,
  type ReferrerFacts,
} from '../../../src/compensation/posting/payment';
import { anOrder } from './orders';

/**
 * What a payment posts (plan sections 2, 4, 5 and 13), decided without a database:
 * the default plan (section 7), an order paid on 2025-03-02.
 */
const plan = compilePlan(DEFAULT_PLAN, 0);
const PAID_ON = '2025-03-02';
const noFacts = { buyerSuspended: false, referrer: null, items: [] };
const amounts = (lines: { amount: bigint }[]) => lines.map((l) => baht(l.amount));
const referrer = (over: Partial<ReferrerFacts> = {}): ReferrerFacts => ({
  memberId: 7,
  expiry: '2025-04-30',
  suspended: false,
  ...over,
});

describe('plan 2.1, 2.2: the PV of a paid order', () => {
  it('is the buyer’s personal PV, flowing up the placement tree, dated the payment date', () => {
    const p = paymentPostings(plan, anOrder({ order_type: 'PACKAGE', pv_total: 500 }), noFacts, PAID_ON);
    expect(p.volume).toEqual([
      expect.objectContaining({
        memberId: 1,
        pv: 500,
        personal: true,
        flowsUp: true,
        date: PAID_ON,
        kind: 'ORDER',
      }),
    ]);
    expect(p.holdLots).toBeUndefined();
    expect(p.lvp).toEqual([]);
  });
});

describe('plan 5.1: points held instead of posted', () => {
  it('(a) a REPURCHASE held at checkout is a lot until HOLD_RELEASE_DAYS later; its LVP and cashback still come', () => {
    const order = anOrder({ order_type: 'REPURCHASE', pv_total: 800, lvp_total: 120, hold_points: true });
    const p = paymentPostings(plan, order, noFacts, PAID_ON);
    expect(p.volume).toBeUndefined();
    expect(p.holdLots).toEqual([
      {
        memberId: 1,
        orderId: 10,
        pvTotal: 800,
        createdDate: PAID_ON,
        deadline: '2025-04-01',
        repurchase: true,
      },
    ]);
    expect(p.lvp).toEqual([
      expect.objectContaining({ type: 'INCREASE', points: 120, remark: 'order SO-10' }),
    ]);
    expect(p.income?.map((l) => [l.type, baht(l.amount)])).toEqual([['CASHBACK', '40.00']]);
  });

  it('(b) any order of a buyer suspended at the payment is held, and a suspended buyer gets no cashback (4.2)', () => {
    const suspended = { ...noFacts, buyerSuspended: true };
    const pkg = paymentPostings(plan, anOrder({ order_type: 'PACKAGE', pv_total: 1500 }), suspended, PAID_ON);
    expect(pkg.holdLots?.[0]).toMatchObject({ pvTotal: 1500, repurchase: false });
    const repurchase = anOrder({ order_type: 'REPURCHASE', pv_total: 800, lvp_total: 120 });
    expect(paymentPostings(plan, repurchase, suspended, PAID_ON)).toMatchObject({
      holdLots: [expect.objectContaining({ pvTotal: 800 })],
      lvp: [expect.objectContaining({ points: 120 })],
      income: [],
    });
  });

  it('holds nothing for an order without PV', () => {
    const p = paymentPostings(
      plan,
      anOrder({ order_type: 'REPURCHASE', pv_total: 0, hold_points: true }),
      noFacts,
      PAID_ON,
    );
    expect(p.holdLots).toBeUndefined();
  });
});

describe('plan 4.1: the referrer bonus', () => {
  it('pays REFERRER_PCT of the package’s PV, and of the PV difference of an upgrade', () => {
    const starter = anOrder({ order_type: 'PACKAGE', package_code: 'STARTER', pv_total: 500 });
    expect(amounts(referrerBonus(plan, starter, referrer(), PAID_ON))).toEqual(['100.00']);
    const upgrade = anOrder({ order_type: 'UPGRADE', package_code: 'GOLD', pv_total: 4000 });
    expect(referrerBonus(plan, upgrade, referrer(), PAID_ON)).toEqual([
      { memberId: 7, type: 'REFERRER', source: 'SO-10', orderId: 10, amount: 80000n, incomeDate: PAID_ON },
    ]);
  });

  it('is earned by a referrer active on the payment date (1.2) and not suspended at its moment', () => {
    expect(referrerEarns(referrer({ expiry: PAID_ON }), PAID_ON)).toBe(true);
    expect(referrerEarns(referrer({ expiry: '2025-03-01' }), PAID_ON)).toBe(false);
    expect(referrerEarns(referrer({ expiry: null }), PAID_ON)).toBe(false);
    expect(referrerEarns(referrer({ suspended: true }), PAID_ON)).toBe(false);
  });

  it('is not paid on a repurchase, nor without a referrer; it is paid on a package whose points are held (13)', () => {
    const repurchase = anOrder({ order_type: 'REPURCHASE', pv_total: 800 });
    expect(referrerBonus(plan, repurchase, referrer(), PAID_ON)).toEqual([]);
    const pkg = anOrder({ order_type: 'PACKAGE', package_code: 'SILVER', pv_total: 1500 });
    expect(referrerBonus(plan, pkg, null, PAID_ON)).toEqual([]);
    const held = paymentPostings(
      plan,
      pkg,
      { buyerSuspended: true, referrer: referrer(), items: [] },
      PAID_ON,
    );
    expect(held.holdLots).toHaveLength(1);
    expect(held.income?.map((l) => [l.type, l.memberId, baht(l.amount)])).toEqual([
      ['REFERRER', 7, '300.00'],
    ]);
  });
});

describe('plan 4.2: cashback on an own repurchase', () => {
  it('is CASHBACK_PCT of its PV, to the buyer, rounded half-up once', () => {
    expect(cashback(plan, anOrder({ order_type: 'REPURCHASE', pv_total: 800 }), false, PAID_ON)).toEqual([
      { memberId: 1, type: 'CASHBACK', source: 'SO-10', orderId: 10, amount: 4000n, incomeDate: PAID_ON },
    ]);
    expect(
      amounts(cashback(plan, anOrder({ order_type: 'REPURCHASE', pv_total: 815 }), false, PAID_ON)),
    ).toEqual(['40.75']);
    expect(cashback(plan, anOrder({ order_type: 'PACKAGE', pv_total: 500 }), false, PAID_ON)).toEqual([]);
  });
});

describe('plan 4.6: the dropship margin', () => {
  const dropship = anOrder({ order_type: 'DROPSHIP', pv_total: 300 });
  const item = { id: 501, line_no: 1, qty: 2, selling_price: '450.00', member_price: '350.00' };

  it('is (selling − member price) × quantity, one line per item, paid to a suspended seller too (13)', () => {
    const lines = dropshipMargin(
      dropship,
      [item, { ...item, id: 502, line_no: 2, qty: 1, selling_price: null }],
      PAID_ON,
    );
    expect(lines.map((l) => [l.generation, l.orderItemId, baht(l.amount)])).toEqual([
      [1, 501, '200.00'],
      [2, 502, '0.00'],
    ]);
    const suspended = paymentPostings(
      plan,
      dropship,
      { buyerSuspended: true, referrer: null, items: [item] },
      PAID_ON,
    );
    expect(amounts(suspended.income ?? [])).toEqual(['200.00']);
  });

  it('refuses an item sold below its member price', () => {
    expect(() => dropshipMargin(dropship, [{ ...item, selling_price: '349.99' }], PAID_ON)).toThrow(
      new PlanRuleError('order SO-10: item 1 is sold at 349.99, below its member price 350.00'),
    );
  });
});

describe('plan 13, settled points: packages and upgrades', () => {
  const pkg = (code: string, type: 'PACKAGE' | 'UPGRADE' = 'PACKAGE') =>
    anOrder({ order_type: type, package_code: code });

  it('takes a first package and an upgrade up the plan’s order', () => {
    expect(() => checkPackageRules(plan, pkg('SILVER'), undefined)).not.toThrow();
    expect(() => checkPackageRules(plan, pkg('GOLD', 'UPGRADE'), 'STARTER')).not.toThrow();
    expect(() => checkPackageRules(plan, anOrder({ order_type: 'REPURCHASE' }), 'GOLD')).not.toThrow();
  });

  it('refuses a second package, an upgrade that does not go up, one from no package, an unknown package', () => {
    expect(() => checkPackageRules(plan, pkg('SILVER'), 'STARTER')).toThrow(
      /already has the package STARTER/,
    );
    expect(() => checkPackageRules(plan, pkg('SILVER', 'UPGRADE'), 'SILVER')).toThrow(
      /SILVER is not higher than SILVER/,
    );
    expect(() => checkPackageRules(plan, pkg('STARTER', 'UPGRADE'), 'GOLD')).toThrow(/not higher/);
    expect(() => checkPackageRules(plan, pkg('GOLD', 'UPGRADE'), undefined)).toThrow(
      /needs a package to upgrade from/,
    );
    expect(() => checkPackageRules(plan, pkg('DIAMOND'), undefined)).toThrow(/unknown package DIAMOND/);
  });
});
