import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect } from '../../src/db/client';
import { freePort } from '../../src/db/embedded';
import { seedSponsor } from '../helpers/fixtures';
import { withDatabase } from '../helpers/global-setup';
import { appToken, post, startServer, tempDataDir, until, waitReady, type Running } from './process';

/**
 * Two real API processes started together on one database (docs/plan.md E3): the KYC deadline they both
 * send at start runs once, on one of them. The one in demo mode prints outbox messages with their
 * codes to its terminal (server.ts passes echoOutbox).
 */
let dbName = '';
let dbUrl = '';
let mobile = '';
const dataDirs: string[] = [];
let demo: Running;
let live: Running;

beforeAll(async () => {
  const adminUrl = inject('adminUrl');
  dbName = `${inject('templateDb').replace('tpl', 't')}_jobs_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName} template ${inject('templateDb')}`);
  await admin.end();
  dbUrl = withDatabase(adminUrl, dbName);
  const database = connect(dbUrl, 2);
  const sponsor = await seedSponsor(database.db);
  mobile = sponsor.user.mobile;
  // Overdue for KYC: the deadline suspends this member, so the run has something to write.
  await database.pool.query(`update members set created_at = now() - interval '400 days'`);
  await database.close();
  const start = async (demoMode: boolean) => {
    const dir = tempDataDir('portal-jobs-');
    dataDirs.push(dir);
    return startServer(dir, await freePort(), {
      DATABASE_URL: dbUrl,
      DEMO_MODE: String(demoMode),
      DEMO_SEED: 'false',
      LOG_LEVEL: 'info',
      OTP_RESEND_SECONDS: '0', // both processes send a code to the same number
      JWT_SECRET: randomBytes(32).toString('hex'),
    });
  };
  [demo, live] = await Promise.all([start(true), start(false)]);
  await Promise.all([waitReady(demo), waitReady(live)]);
}, 120_000);

afterAll(async () => {
  for (const p of [demo, live]) {
    if (!p || p.child.exitCode !== null) continue;
    p.child.kill('SIGTERM');
    await p.exited;
  }
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  if (dbName) {
    const admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

const kycRuns = (p: Running) =>
  p
    .output()
    .split('\n')
    .filter((l) => l.includes('"job":"kyc-deadline"') && l.includes('"msg":"job done"'));

describe('two API processes on one database', () => {
  it('when both start together then the KYC deadline runs once, on one of them', async () => {
    await until('the KYC deadline run', () => kycRuns(demo).length + kycRuns(live).length > 0, 20_000);
    await new Promise((r) => setTimeout(r, 5_000)); // both processes look for work twice more meanwhile
    const runs = [...kycRuns(demo), ...kycRuns(live)];
    expect(runs, demo.output() + live.output()).toHaveLength(1);
    expect(runs[0]).toContain('"suspended":1');
    const database = connect(dbUrl, 1);
    try {
      const { rows } = await database.pool.query(
        `select state, data->>'trigger' as trigger from pgboss.job where name = 'kyc-deadline'`,
      );
      expect(rows).toEqual([{ state: 'completed', trigger: 'start' }]);
      const { rows: schedules } = await database.pool.query(
        `select name, cron, timezone from pgboss.schedule order by name`,
      );
      expect(schedules).toEqual([
        { name: 'business-days', cron: '30 0 * * *', timezone: 'Asia/Bangkok' },
        { name: 'kyc-deadline', cron: '5 0 * * *', timezone: 'Asia/Bangkok' },
        { name: 'message-delivery', cron: '* * * * *', timezone: 'Asia/Bangkok' },
        { name: 'nightly-backup', cron: '30 2 * * *', timezone: 'Asia/Bangkok' },
        { name: 'retention', cron: '40 3 * * *', timezone: 'Asia/Bangkok' },
        { name: 'unpaid-orders', cron: '*/10 * * * *', timezone: 'Asia/Bangkok' },
        { name: 'volume-preview', cron: '*/5 * * * *', timezone: 'Asia/Bangkok' },
      ]);
      // The engine's catch-up at start also ran once, on one of the two.
      const { rows: engine } = await database.pool.query(
        `select state from pgboss.job where name = 'business-days'`,
      );
      expect(engine).toEqual([{ state: 'completed' }]);
    } finally {
      await database.close();
    }
  }, 40_000);

  it('when a code is sent in demo mode then the terminal shows it; outside demo mode it does not', async () => {
    for (const p of [demo, live]) {
      const res = await post(
        p.port,
        '/member/v1/otp-transactions',
        { username: mobile },
        await appToken(p.port),
      );
      expect(res.status).toBe(201);
    }
    await until(
      'the echoed code',
      () => /outbox {2}sms to \S+ {2}\S+ {2}code \d{6}/.test(demo.output()),
      5_000,
    );
    expect(live.output()).not.toMatch(/outbox {2}sms/);
  });
});
