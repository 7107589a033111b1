import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulate } from '../../src/compensation/simulate';
import { createTestApp, type TestApp } from '../helpers/app';
import { differences, ledgerSnapshot } from '../helpers/ledger-snapshot';
import type { LiveHistory } from '../helpers/live-histories';
import { liveHistory } from '../helpers/live-run';
import { simulatorDatabase } from '../helpers/simulator-db';
import { SHOP_ENV } from '../helpers/shop';

/**
 * Issue 22 item 4: a cancellation within the cooling-off period reverses the order through the
 * engine as any refund does. The same history is lived on the app (orders through the checkout,
 * the cancelled order shipped, delivered, cancelled by its buyer from the order page, its goods
 * received back and refunded at the desk) and given to the simulator as a plain cancellation on
 * that day: both ledgers must be the same, row for row (PV, closings, income and its voids or
 * corrections, LVP, payouts).
 */
const ENV = { ...SHOP_ENV, KYC_PRE_PENDING_DAYS: '3650' };

let t: TestApp;
let sim: Awaited<ReturnType<typeof simulatorDatabase>>;
beforeAll(async () => {
  [t, sim] = await Promise.all([createTestApp(ENV), simulatorDatabase()]);
});
afterAll(async () => {
  await Promise.all([t?.close(), sim?.drop()]);
});

/** Three members; the right leg repurchases and cancels within the period after a closing and a payday. */
const HISTORY: LiveHistory = {
  start: '2029-03-24',
  days: 12,
  members: [
    { code: 'M0', kyc: undefined },
    { code: 'M1', upline: 0, side: 'left', referrer: 0, kyc: undefined },
    { code: 'M2', upline: 0, side: 'right', referrer: 0, kyc: undefined },
  ],
  steps: [
    { day: 0, kind: 'package', who: 0, id: 'P0', pkg: 'GOLD' },
    { day: 0, kind: 'package', who: 1, id: 'P1', pkg: 'GOLD' },
    { day: 1, kind: 'package', who: 2, id: 'P2', pkg: 'GOLD' },
    {
      day: 2,
      kind: 'repurchase',
      who: 2,
      id: 'R2',
      pv: 300,
      lvp: 20,
      qty: 2,
      hold: false,
      useLvp: 0,
      usePoints: 0n,
      transfer: false,
    },
    {
      day: 3,
      kind: 'repurchase',
      who: 1,
      id: 'R1',
      pv: 200,
      lvp: 10,
      qty: 1,
      hold: false,
      useLvp: 0,
      usePoints: 0n,
      transfer: false,
    },
    { day: 6, kind: 'cancel', order: 'R2', why: 'after-closing', via: 'cooling-off' },
  ],
};

describe('a cancellation within the cooling-off period, lived and simulated', () => {
  it('when the buyer cancels a delivered order and staff refund it then the live ledger is the simulator’s cancellation of the same order', async () => {
    const lived = await liveHistory(t, HISTORY);
    expect(lived.scenario.events.filter((e) => e.type === 'cancel')).toHaveLength(1);
    const { rows: requests } = await t.database.pool.query<{ refunded: boolean }>(
      `select refunded_at is not null as refunded from cooling_off_requests`,
    );
    expect(requests).toEqual([{ refunded: true }]);
    const live = await ledgerSnapshot(t.database.db, lived.names, lived.scenario.until);

    await sim.reset();
    await simulate(sim.db, lived.scenario);
    const { rows } = await sim.db.execute<{ id: number; member_code: string }>(
      sql`select id, member_code from members`,
    );
    const orders = lived.scenario.events.flatMap((e) => (e.type === 'order' ? [[e.id, e.id] as const] : []));
    const simulated = await ledgerSnapshot(
      sim.db,
      { member: new Map(rows.map((r) => [Number(r.id), r.member_code])), order: new Map(orders) },
      lived.scenario.until,
    );
    expect(live.orders.some((o) => o.canceled)).toBe(true);
    expect(differences(live, simulated)).toEqual({});
  }, 300_000);
});
