import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ScenarioError, simulate, type Scenario } from '../../src/compensation/simulate';
import { DEFAULT_PLAN } from '@portal/plan/params';
import { simulatorDatabase } from '../helpers/simulator-db';

/**
 * The plan's settled points (section 13) and the defects that histories no example covered found:
 * each as a small scenario through the simulator, which runs the live engine's posting functions.
 */
let db: Awaited<ReturnType<typeof simulatorDatabase>>;
/** Before each history: the engine's tables, and every table that refers to them, empty; ids from the start. */
const reset = () => db.reset();
beforeAll(async () => {
  db = await simulatorDatabase();
});
beforeEach(() => reset());
afterAll(() => db.drop());

type Result = Awaited<ReturnType<typeof simulate>>;
const member = (r: Result, code: string) =>
  (r.members as { member: string; lvp_balance: number; point_balance: string }[]).find(
    (m) => m.member === code,
  )!;
const incomeOf = (r: Result) =>
  r.income as {
    member: string;
    type: string;
    amount: string;
    income_date: string;
    state: string;
    source: string;
    generation: number | null;
  }[];

/** A root with a package and one member under it on each side, all referred by the root. */
const trio: Scenario['members'] = [
  { code: 'A' },
  { code: 'B', upline: 'A', side: 'left', referrer: 'A' },
  { code: 'C', upline: 'A', side: 'right', referrer: 'A' },
];
const packages = (date: string): Scenario['events'] => [
  { date, type: 'order', id: 'PA', member: 'A', order_type: 'PACKAGE', package: 'SILVER' },
  { date, type: 'order', id: 'PB', member: 'B', order_type: 'PACKAGE', package: 'STARTER' },
  { date, type: 'order', id: 'PC', member: 'C', order_type: 'PACKAGE', package: 'STARTER' },
];

const rejects = async (scenario: unknown, message: RegExp) => {
  const err = await simulate(db.db, scenario).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ScenarioError);
  expect((err as Error).message).toMatch(message);
};

describe('LVP and points spent on an order come back when it is canceled (plan 2.3, 2.4, 5.2)', () => {
  it('when a member spends 30 of 60 LVP on an order that is then canceled then the balance is 50', async () => {
    const r = await simulate(db.db, {
      members: trio,
      events: [
        ...packages('2025-03-01'),
        {
          date: '2025-03-03',
          type: 'order',
          id: 'R1',
          member: 'B',
          order_type: 'REPURCHASE',
          pv: 100,
          lvp: 50,
        },
        {
          date: '2025-03-04',
          type: 'order',
          id: 'R2',
          member: 'B',
          order_type: 'REPURCHASE',
          pv: 100,
          lvp: 10,
        },
        { date: '2025-03-04', type: 'use_lvp', member: 'B', order: 'R2', points: 30 },
        { date: '2025-03-06', type: 'cancel', order: 'R2' },
      ],
      until: '2025-03-07',
    });
    // 50 + 10 earned, 30 used on R2; R2 canceled: its 10 taken back, the 30 it used given back.
    expect(member(r, 'B').lvp_balance).toBe(50);
  });

  it('when points pay part of an order that is canceled later then they are back on the balance', async () => {
    const r = await simulate(db.db, {
      members: trio,
      events: [
        ...packages('2025-03-01'),
        // A's cycle of 03-01 (60.00) puts 6.00 on A's point balance.
        { date: '2025-03-03', type: 'order', id: 'R1', member: 'A', order_type: 'REPURCHASE', pv: 100 },
        { date: '2025-03-03', type: 'use_points', member: 'A', order: 'R1', points: '5.00' },
        { date: '2025-03-05', type: 'cancel', order: 'R1' },
      ],
      until: '2025-03-06',
    });
    expect(member(r, 'A').point_balance).toBe('6.00');
  });

  it('when an order is paid with LVP twice then the second use is a rule error', async () => {
    await rejects(
      {
        members: trio,
        events: [
          ...packages('2025-03-01'),
          {
            date: '2025-03-02',
            type: 'order',
            id: 'R1',
            member: 'B',
            order_type: 'REPURCHASE',
            pv: 100,
            lvp: 50,
          },
          { date: '2025-03-03', type: 'use_lvp', member: 'B', order: 'R9', points: 10 },
          { date: '2025-03-04', type: 'use_lvp', member: 'B', order: 'R9', points: 10 },
        ],
        until: '2025-03-05',
      },
      /event 6 .*use_lvp R9.*already/,
    );
  });
});

describe('MTA minimum PV (plan 4.3, 13)', () => {
  it("when an earner's order of an earlier month is canceled in the month then the month's own PV still counts", async () => {
    const r = await simulate(db.db, {
      members: trio,
      events: [
        ...packages('2025-06-01'),
        // A's own June order, canceled in July: it must not count against July.
        { date: '2025-06-20', type: 'order', id: 'J1', member: 'A', order_type: 'REPURCHASE', pv: 300 },
        { date: '2025-07-02', type: 'order', id: 'J2', member: 'A', order_type: 'REPURCHASE', pv: 200 },
        { date: '2025-07-03', type: 'cancel', order: 'J1' },
        { date: '2025-07-10', type: 'order', id: 'B1', member: 'B', order_type: 'REPURCHASE', pv: 400 },
      ],
      until: '2025-07-31',
    });
    const mta = incomeOf(r).filter((l) => l.type === 'MTA');
    expect(mta).toEqual([
      {
        member: 'A',
        type: 'MTA',
        amount: '40.00',
        income_date: '2025-07-31',
        state: 'WAITING',
        source: 'B1',
        generation: 1,
      },
    ]);
  });

  it('when the own order of the month is canceled in the month then it does not count', async () => {
    const r = await simulate(db.db, {
      members: trio,
      events: [
        ...packages('2025-06-01'),
        { date: '2025-07-02', type: 'order', id: 'J2', member: 'A', order_type: 'REPURCHASE', pv: 200 },
        { date: '2025-07-20', type: 'cancel', order: 'J2' },
        { date: '2025-07-10', type: 'order', id: 'B1', member: 'B', order_type: 'REPURCHASE', pv: 400 },
      ],
      until: '2025-07-31',
    });
    expect(incomeOf(r).filter((l) => l.type === 'MTA')).toEqual([]);
  });
});

describe('packages rank by the plan table, whatever the order of keys (plan 1.1, 13)', () => {
  // The same packages with their keys in another order: the order jsonb gives back.
  const shuffled = {
    PACKAGES: {
      GOLD: DEFAULT_PLAN.PACKAGES.GOLD,
      SILVER: DEFAULT_PLAN.PACKAGES.SILVER,
      STARTER: DEFAULT_PLAN.PACKAGES.STARTER,
      PLATINUM: DEFAULT_PLAN.PACKAGES.PLATINUM,
    },
  };
  const upgrades = (from: string, to: string): Scenario => ({
    plan: shuffled,
    members: trio,
    events: [
      ...packages('2025-03-01'),
      { date: '2025-03-01', type: 'order', id: 'PD', member: 'B', order_type: 'UPGRADE', package: from },
      { date: '2025-03-02', type: 'order', id: 'PE', member: 'B', order_type: 'UPGRADE', package: to },
    ],
    until: '2025-03-03',
  });

  it('when a plan override lists the packages in another order then STARTER→SILVER→GOLD upgrades are accepted', async () => {
    const r = await simulate(db.db, upgrades('SILVER', 'GOLD'));
    expect((r.members as { member: string; package: string }[]).find((m) => m.member === 'B')!.package).toBe(
      'GOLD',
    );
    // The referrer bonus of each upgrade is 20% of the PV difference.
    expect(
      incomeOf(r)
        .filter((l) => l.type === 'REFERRER' && l.member === 'A' && ['PD', 'PE'].includes(l.source))
        .map((l) => l.amount),
    ).toEqual(['200.00', '600.00']);
  });

  it('when an upgrade goes down the table then it is a rule error', async () => {
    await reset();
    await rejects(upgrades('SILVER', 'STARTER'), /PE.*STARTER is not higher than SILVER/);
  });
});

describe('no income line of 0.00, for any type (plan 13)', () => {
  it('when a 0-PV repurchase is paid and an item is sold at member price then no line is written', async () => {
    const r = await simulate(db.db, {
      members: trio,
      events: [
        ...packages('2025-06-01'),
        { date: '2025-06-02', type: 'order', id: 'A1', member: 'A', order_type: 'REPURCHASE', pv: 300 },
        { date: '2025-06-03', type: 'order', id: 'Z1', member: 'B', order_type: 'REPURCHASE', pv: 0 },
        {
          date: '2025-06-04',
          type: 'order',
          id: 'D1',
          member: 'C',
          order_type: 'DROPSHIP',
          items: [{ product_code: 'P1', qty: 2, selling_price: '350.00', member_price: '350.00', pv: 100 }],
        },
      ],
      until: '2025-06-30',
    });
    const lines = incomeOf(r);
    expect(lines.filter((l) => l.amount === '0.00')).toEqual([]);
    expect(lines.filter((l) => l.source === 'Z1' || l.source === 'D1')).toEqual([]);
  });

  it('when a dropship item is sold below its member price then it is a rule error', async () => {
    await rejects(
      {
        members: trio,
        events: [
          ...packages('2025-06-01'),
          {
            date: '2025-06-04',
            type: 'order',
            id: 'D1',
            member: 'C',
            order_type: 'DROPSHIP',
            items: [{ product_code: 'P1', qty: 1, selling_price: '300.00', member_price: '350.00', pv: 100 }],
          },
        ],
        until: '2025-06-05',
      },
      /D1.*below its member price/,
    );
  });
});

describe('the scenario contract (plan 13)', () => {
  it('when a repurchase gives both pv and items then it is a rule error', async () => {
    await rejects(
      {
        members: trio,
        events: [
          {
            date: '2025-06-04',
            type: 'order',
            id: 'R1',
            member: 'C',
            order_type: 'REPURCHASE',
            pv: 100,
            items: [{ product_code: 'P1', qty: 1, pv: 100 }],
          },
        ],
        until: '2025-06-05',
      },
      /R1.*both/,
    );
  });

  it('when an event is dated after until then it is a rule error and nothing is run', async () => {
    await rejects(
      { members: trio, events: packages('2025-06-10'), until: '2025-06-05' },
      /event 1 \(2025-06-10 order PA\): after until/,
    );
  });

  it('when members are listed before their upline then the tree is the same', async () => {
    const r = await simulate(db.db, {
      members: [...trio].reverse(),
      events: packages('2025-03-01'),
      until: '2025-03-01',
    });
    expect((r.closings as { member: string; cycles: number }[]).map((c) => [c.member, c.cycles])).toEqual([
      ['A', 1],
    ]);
  });

  it('when a second member has no upline then it is a rule error', async () => {
    await rejects(
      { members: [...trio, { code: 'D' }], events: [], until: '2025-03-01' },
      /members: D needs an upline/,
    );
  });

  it.each([
    ['tue', '2025-03-04'],
    ['Tuesday', '2025-03-04'],
    ['TUE', '2025-03-04'],
    [2, '2025-03-04'],
    ['fri', '2025-03-07'],
    [0, '2025-03-09'],
  ])('when PAYOUT_WEEKDAY is %s then the first payout is on %s', async (weekday, date) => {
    await reset();
    const r = await simulate(db.db, {
      plan: { PAYOUT_WEEKDAY: weekday },
      members: trio,
      events: packages('2025-03-01'),
      until: '2025-03-12',
    });
    expect((r.payouts as { member: string; date: string }[])[0]).toMatchObject({ member: 'A', date });
  });

  it.each(['Tues', 'tuesday!', 7, -1, ''])('when PAYOUT_WEEKDAY is %s then it is a rule error', async (v) => {
    await rejects({ plan: { PAYOUT_WEEKDAY: v }, members: trio, events: [], until: '2025-03-01' }, /plan: /);
  });
});
