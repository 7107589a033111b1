import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedClosingDay } from '../../../../scripts/bench/closing-fixture';
import { rng } from '../../../../scripts/bench/tree-build';
import { computeClosing } from '../../src/compensation/closing';
import { addDays, bangkokDate } from '@portal/plan/dates';
import { planFor } from '../../src/compensation/plan';
import { loadTree } from '../../src/compensation/tree';
import { connect, type Database } from '../../src/db/client';
import { freePort } from '../../src/db/embedded';
import { withDatabase } from '../helpers/global-setup';
import { startServer, tempDataDir, waitReady, type Running } from './process';

/**
 * Issue #8: a closing killed half-way (kill -9 of the API process while it writes the day's rows)
 * leaves nothing half-written, and the next start of the portal completes it, once. Real processes
 * on one database: the scheduler closes, at start, the day that ended and is not closed yet.
 */
const MEMBERS = 30_000;
let dbName = '';
let database: Database;
const DAY = addDays(bangkokDate(new Date()), -1);
const dirs: string[] = [];
const running: Running[] = [];

const start = async () => {
  const dir = tempDataDir('portal-closing-crash-');
  dirs.push(dir);
  const server = startServer(dir, await freePort(), {
    DATABASE_URL: withDatabase(inject('adminUrl'), dbName),
    DEMO_MODE: 'false',
    DEMO_SEED: 'false',
    JWT_SECRET: randomBytes(32).toString('hex'),
  });
  running.push(server);
  return server;
};

const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  (await database.pool.query<T>(text, values)).rows[0]!;

const written = () =>
  one<{ runs: number; rows: number; cycle_lines: number; points: number }>(
    `select (select count(*)::int from engine_runs where type = 'DAILY' and business_date = $1) as runs,
            (select count(*)::int from closing_rows where closing_date = $1) as rows,
            (select count(*)::int from income_lines where type = 'CYCLE' and income_date = $1) as cycle_lines,
            (select count(*)::int from point_postings where effective_date = $1) as points`,
    [DAY],
  );

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs: number,
  everyMs = 100,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

beforeAll(async () => {
  const adminUrl = inject('adminUrl');
  dbName = `${inject('templateDb').replace('tpl', 't')}_crash_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName} template ${inject('templateDb')}`);
  await admin.end();
  database = connect(withDatabase(adminUrl, dbName), 4);
  await seedClosingDay(database, {
    members: MEMBERS,
    orders: MEMBERS / 10,
    day: DAY,
    random: rng(8),
    log: () => {},
  });
}, 180_000);

afterAll(async () => {
  for (const p of running) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) continue;
    p.child.kill('SIGTERM');
    await p.exited;
  }
  await database?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  if (dbName) {
    const admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

describe('a daily closing killed half-way', () => {
  it(
    'when the portal is killed with -9 while the closing writes its rows then nothing of that day is written, and the next start closes the day once, exactly as computed',
    { timeout: 300_000 },
    async () => {
      const first = await start();
      // The scheduler's catch-up at start closes DAY; kill the process while its transaction is in
      // the middle of writing the day's closing rows.
      const writer = await until(
        'the closing to write its rows',
        async () =>
          (
            await database.pool.query<{ pid: number }>(
              `select pid from pg_stat_activity where datname = $1 and state = 'active' and query ilike 'copy closing_rows%'`,
              [dbName],
            )
          ).rows[0],
        120_000,
        5,
      );
      first.child.kill('SIGKILL');
      await first.exited;
      // Its backend notices the lost client and rolls back.
      await until(
        'the killed closing to roll back',
        async () =>
          (
            await one<{ n: number }>(`select count(*)::int as n from pg_stat_activity where pid = $1`, [
              writer.pid,
            ])
          ).n === 0,
        30_000,
      );
      expect(await written()).toEqual({ runs: 0, rows: 0, cycle_lines: 0, points: 0 });

      const second = await start();
      await waitReady(second);
      await until('the next start to close the day', async () => (await written()).runs > 0, 180_000, 250);
      const after = await written();
      const run = await one<{ counts: { rows: number; paid_members: number }; status: string }>(
        `select counts, status from engine_runs where type = 'DAILY' and business_date = $1`,
        [DAY],
      );
      expect(run.status).toBe('done');
      expect(after.runs).toBe(1);
      expect(after.rows).toBe(run.counts.rows);
      expect(after.cycle_lines).toBe(run.counts.paid_members);
      expect(after.rows).toBeGreaterThan(MEMBERS / 10); // the tree's members with volume on a side

      // Every stored row is what the closing computes from the ledger: nothing doubled or missing.
      const recomputed = await database.db.transaction(async (tx) =>
        computeClosing(tx, await planFor(tx, DAY), await loadTree(tx), DAY),
      );
      const stored = (
        await database.pool.query<{
          member_id: string;
          carry_out_left: number;
          carry_out_right: number;
          cycles: number;
        }>(
          `select member_id::text, carry_out_left, carry_out_right, cycles from closing_rows where closing_date = $1`,
          [DAY],
        )
      ).rows;
      const byMember = new Map(stored.map((r) => [Number(r.member_id), r]));
      expect(recomputed.length).toBe(stored.length);
      const differing = recomputed.filter((r) => {
        const s = byMember.get(r.memberId);
        return (
          !s ||
          Number(s.carry_out_left) !== r.carryOutLeft ||
          Number(s.carry_out_right) !== r.carryOutRight ||
          Number(s.cycles) !== r.cycles
        );
      });
      expect(differing).toEqual([]);
    },
  );
});
