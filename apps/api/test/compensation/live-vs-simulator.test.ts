import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bangkokDate } from '@portal/plan/dates';
import { simulate } from '../../src/compensation/simulate';
import { createTestApp, type TestApp } from '../helpers/app';
import { differences, ledgerSnapshot, type LedgerSnapshot } from '../helpers/ledger-snapshot';
import { buildHistory, rawHistoryArb, type LiveHistory } from '../helpers/live-histories';
import { liveHistory } from '../helpers/live-run';
import { simulatorDatabase } from '../helpers/simulator-db';
import { SHOP_ENV } from '../helpers/shop';

/**
 * Plan section 13: "the same code that runs the live closings runs the simulation". For random
 * histories, the live engine (a real app in demo mode: orders through the shop's checkout, refunds
 * at the staff desk, releases through the member's call, days closed by the clock, so MTA months and
 * payouts run as in production) and the simulator (the same history as a scenario) must write the
 * same ledger: orders, PV postings, closing rows, income lines with their states and payouts, payout
 * holds, titles, hold lots and releases, LVP and point postings, packages, expiry dates, balances.
 *
 * LIVE_SIM_RUNS histories (default 6), LIVE_SIM_SEED to replay one; a history that differs is written
 * as a scenario file (its path is in the failure) for `npm run plan:simulate`.
 */
const RUNS = Number(process.env.LIVE_SIM_RUNS ?? 6);
const SEED = process.env.LIVE_SIM_SEED ? Number(process.env.LIVE_SIM_SEED) : undefined;
/** The KYC deadline's own suspensions stay out of the way: the history says who is suspended when. */
const ENV = { ...SHOP_ENV, KYC_PRE_PENDING_DAYS: '3650' };

let sim: Awaited<ReturnType<typeof simulatorDatabase>>;
beforeAll(async () => {
  sim = await simulatorDatabase();
});
afterAll(async () => {
  await sim.drop();
  if (nextApp) await (await nextApp).close();
});

/** Each history lives on an app of its own; the next one is built while the simulator runs. */
let nextApp: Promise<TestApp> | null = null;
function takeApp() {
  const app = nextApp ?? createTestApp(ENV);
  nextApp = null;
  return app;
}

/** Sections of the snapshot a history must have reached for the run to mean something. */
const seen = {
  histories: 0,
  cycles: 0,
  mta: 0,
  paid: 0,
  canceled: 0,
  afterPayout: 0,
  released: 0,
  lvpBack: 0,
  pointsBack: 0,
  held: 0,
  suspended: 0,
  transfers: 0,
};

function tally(h: LiveHistory, s: LedgerSnapshot) {
  seen.histories++;
  if (s.closings.some((c) => Number(c.cycles) > 0)) seen.cycles++;
  if (s.income.some((l) => l.type === 'MTA')) seen.mta++;
  if (s.payouts.length > 0) seen.paid++;
  if (s.orders.some((o) => o.canceled)) seen.canceled++;
  if (s.income.some((l) => l.correction)) seen.afterPayout++;
  if (s.holdLots.some((l) => (l.releases as unknown[]).length > 0)) seen.released++;
  if (s.lvp.some((l) => String(l.remark).startsWith('refund LVP'))) seen.lvpBack++;
  if (s.points.some((p) => p.kind === 'REFUND')) seen.pointsBack++;
  if (s.payoutHolds.length > 0) seen.held++;
  if (h.steps.some((x) => x.kind === 'suspend')) seen.suspended++;
  if (h.steps.some((x) => x.kind === 'confirm')) seen.transfers++;
}

async function compare(h: LiveHistory) {
  const t = await takeApp();
  try {
    const lived = await liveHistory(t, h);
    const live = await ledgerSnapshot(t.database.db, lived.names, lived.scenario.until);
    if (seen.histories + 1 < RUNS) nextApp = createTestApp(ENV);

    await sim.reset();
    let simulated: LedgerSnapshot;
    try {
      await simulate(sim.db, lived.scenario);
      const { rows } = await sim.db.execute<{ id: number; member_code: string }>(
        sql`select id, member_code from members`,
      );
      const orders = lived.scenario.events.flatMap((e) =>
        e.type === 'order' ? [[e.id, e.id] as const] : [],
      );
      simulated = await ledgerSnapshot(
        sim.db,
        { member: new Map(rows.map((r) => [Number(r.id), r.member_code])), order: new Map(orders) },
        lived.scenario.until,
      );
    } catch (err) {
      throw new Error(
        `the simulator refused what the live system did (${saved(lived.scenario)}): ${String(err)}`,
      );
    }
    tally(h, live);
    const differ = differences(live, simulated);
    if (Object.keys(differ).length > 0) {
      expect(differ, `live and simulator differ: ${saved(lived.scenario)}`).toEqual({});
    }
  } finally {
    await t.close();
  }
}

/** A history that differs, as a scenario file for `npm run plan:simulate` or a scenario test. */
function saved(scenario: unknown) {
  const file = path.join(os.tmpdir(), `live-vs-simulator-${process.pid}-${seen.histories}.json`);
  fs.writeFileSync(file, JSON.stringify(scenario, null, 2));
  return file;
}

describe('the live engine and the simulator', () => {
  it(`when ${RUNS} random histories are lived on the app and simulated then both ledgers are the same`, async () => {
    const today = bangkokDate(new Date());
    await fc.assert(
      fc.asyncProperty(rawHistoryArb, (raw) => compare(buildHistory(raw, today))),
      // A failing history takes seconds to live again: report it as found, without shrinking.
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    console.log(
      `live vs simulator: ${seen.histories} histories; with cycles ${seen.cycles}, MTA ${seen.mta}, payouts ${seen.paid}, cancellations ${seen.canceled}, corrections after a payout ${seen.afterPayout}, releases ${seen.released}, LVP given back ${seen.lvpBack}, points given back ${seen.pointsBack}, suspensions ${seen.suspended}, transfers confirmed later ${seen.transfers}, members held back ${seen.held}`,
    );
    expect(seen.histories).toBe(RUNS);
  }, 600_000);
});
