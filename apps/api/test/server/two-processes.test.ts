import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bangkokDate } from '@portal/plan/dates';
import { connect, type Database } from '../../src/db/client';
import { freePort } from '../../src/db/embedded';
import { migrateDatabase } from '../../src/db/migrate';
import type { TestApp } from '../helpers/app';
import { paid, treeMember } from '../helpers/engine';
import { PASSWORD, seedSponsor } from '../helpers/fixtures';
import { withDatabase } from '../helpers/global-setup';
import { multipart, tinyPdf } from '../helpers/profile';
import { startTestS3, type TestS3 } from './s3-server';

/**
 * Issue 21, item 5: two API processes behind one proxy, as docs/deploy.md sets them up, share what a
 * business needs shared: the machine's PostgreSQL (a fresh database per run), its Redis (a key prefix
 * of this run's own) and an S3-compatible store (started by the test). A logout on one ends the token
 * on the other, one rate limit counts both, a document uploaded through one downloads from the other,
 * and a day's closing runs once. Without that PostgreSQL or Redis (a developer's machine: `npm test`
 * needs neither) the test says so and is skipped; CI runs on a machine that has both.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const POSTGRES_URL = process.env.TEST_EXTERNAL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const missing = [
  ...((await postgresAnswers()) ? [] : [`PostgreSQL at ${POSTGRES_URL}`]),
  ...((await redisAnswers()) ? [] : [`Redis at ${REDIS_URL}`]),
];
if (missing.length)
  console.warn(
    `two-processes: skipped, no ${missing.join(' and no ')} (set TEST_EXTERNAL_DATABASE_URL / TEST_REDIS_URL, or run it where CI runs)`,
  );

interface Proc {
  name: string;
  child: ChildProcess;
  base: string;
  dataDir: string;
  output: () => string;
}

const run = randomBytes(4).toString('hex');
const dbName = `portal_two_processes_${process.pid}_${run}`;
const dbUrl = withDatabase(POSTGRES_URL, dbName);
const keyPrefix = `portal-test-${run}:`;
const procs: Proc[] = [];
let s3: TestS3 | undefined;
let database: Database | undefined;

const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

async function start(name: string, env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-two-${name}-`));
  let out = '';
  const { DATABASE_URL: _none, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...inherited, ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c) => (out += c));
  child.stderr?.on('data', (c) => (out += c));
  const proc = { name, child, base: `http://127.0.0.1:${port}`, dataDir, output: () => out };
  procs.push(proc);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process ${name} exited:\n${out}`);
    try {
      if ((await fetch(`${proc.base}/ready`)).ok) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`process ${name} not ready:\n${out}`);
}

const headers = (token?: string) => ({
  'content-type': 'application/json',
  'x-app-key': 'portal-web',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
const signIn = (p: Proc, username: string, password: string) =>
  fetch(`${p.base}/member/v1/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ username, password }),
  });
const tokenFrom = async (res: Response) => {
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
};

/** Waits for a state of the shared database, not for a time. */
async function untilRow<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}:\n${procs.map((p) => p.output()).join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(missing.length > 0)('two API processes on one PostgreSQL, one Redis and one S3 store', () => {
  let a: Proc;
  let b: Proc;
  const members: Record<'logout' | 'limited' | 'uploader', string> = {
    logout: '',
    limited: '',
    uploader: '',
  };
  /** The first day with business, three days ago: the closing at start catches up to yesterday. */
  const today = bangkokDate(new Date());
  const firstDay = addDays(today, -3);

  beforeAll(async () => {
    s3 = await startTestS3();
    await admin(`create database ${dbName}`);
    database = connect(dbUrl, 3);
    await migrateDatabase(database.db);
    for (const key of Object.keys(members) as (keyof typeof members)[])
      members[key] = (await seedSponsor(database.db)).user.email;
    // A small network that bought packages three days ago: days to close when the processes start.
    const seed = { database } as TestApp;
    const top = await treeMember(seed);
    const left = await treeMember(seed, { parent: top, side: 'left', referrer: top });
    const right = await treeMember(seed, { parent: top, side: 'right', referrer: top });
    await paid(seed, top.id, 'PACKAGE', 1500, firstDay, 'SILVER');
    await paid(seed, left.id, 'PACKAGE', 500, firstDay, 'STARTER');
    await paid(seed, right.id, 'PACKAGE', 500, firstDay, 'STARTER');

    const env = {
      DATABASE_URL: dbUrl,
      DEMO_MODE: 'false',
      REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
      STORAGE_URL: s3.storageUrl(`run-${run}/`),
      JWT_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_LOGIN: '4',
      LOG_LEVEL: 'warn',
    };
    [a, b] = await Promise.all([start('a', env), start('b', env)]);
  }, 180_000);

  afterAll(async () => {
    for (const p of procs) {
      p.child.kill('SIGTERM');
      await new Promise((r) => (p.child.exitCode !== null ? r(null) : p.child.once('exit', r)));
      fs.rmSync(p.dataDir, { recursive: true, force: true });
    }
    await database?.close();
    await admin(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await s3?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }, 60_000);

  it('when a member logs out on one process then the other refuses their access token at once', async () => {
    const token = await tokenFrom(await signIn(a, members.logout, PASSWORD));
    expect((await fetch(`${b.base}/member/v1/me`, { headers: headers(token) })).status).toBe(200);
    const logout = await fetch(`${b.base}/member/v1/logout`, {
      method: 'POST',
      headers: headers(token),
      body: '{}',
    });
    expect(logout.status).toBe(200);
    for (const p of [a, b])
      expect((await fetch(`${p.base}/member/v1/me`, { headers: headers(token) })).status).toBe(401);
  });

  it('when wrong passwords are split over both processes then one limit counts them all', async () => {
    for (const p of [a, b, a, b])
      expect((await signIn(p, members.limited, 'wrong-password-1')).status).toBe(401);
    for (const p of [a, b]) {
      const res = await signIn(p, members.limited, PASSWORD);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('when a document is uploaded through one process then the other downloads the same bytes, and neither keeps it on its disk', async () => {
    const token = await tokenFrom(await signIn(a, members.uploader, PASSWORD));
    const data = tinyPdf(`two processes ${run}`);
    const { body, headers: form } = multipart(
      { type: 'other', title: 'shared' },
      { name: 'shared.pdf', data },
    );
    const uploaded = await fetch(`${a.base}/member/v1/me/documents`, {
      method: 'POST',
      headers: { ...form, 'x-app-key': 'portal-web', authorization: `Bearer ${token}` },
      body,
    });
    expect(uploaded.status).toBe(201);
    const doc = ((await uploaded.json()) as { data: { file: { url: string } } }).data;
    const download = await fetch(`${b.base}${doc.file.url}`, {
      headers: { 'x-app-key': 'portal-web', authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true);
    for (const p of [a, b]) expect(fs.existsSync(path.join(p.dataDir, 'uploads'))).toBe(false);
  });

  it('when both processes start on days left to close then each day is closed once, by one run of the job', async () => {
    const days = [firstDay, addDays(firstDay, 1), addDays(firstDay, 2)];
    const runs = await untilRow('the days closed at start', async () => {
      const { rows } = await database!.pool.query<{ date: string; n: number; started_by: string[] }>(
        `select business_date::text as date, count(*)::int as n, array_agg(distinct started_by) as started_by
         from engine_runs where type = 'DAILY' and status = 'done' group by business_date order by business_date`,
      );
      return rows.length === days.length ? rows : undefined;
    });
    expect(runs).toEqual(days.map((date) => ({ date, n: 1, started_by: ['scheduler'] })));
    // one run of the job at start, done by one of the two processes, as each one's metrics count it
    const jobs = await untilRow('the run at start recorded', async () => {
      const { rows } = await database!.pool.query<{ state: string; trigger: string }>(
        `select state, data->>'trigger' as trigger from pgboss.job where name = 'business-days'`,
      );
      return rows.length > 0 && rows.every((r) => r.state === 'completed') ? rows : undefined;
    });
    expect(jobs).toEqual([{ state: 'completed', trigger: 'start' }]);
    let counted = 0;
    for (const p of [a, b]) {
      const text = await (await fetch(`${p.base}/metrics`)).text();
      const line = text
        .split('\n')
        .find((l) => l.startsWith('portal_job_runs_total{job="business-days",outcome="done"} '));
      counted += line ? Number(line.split(' ')[1]) : 0;
    }
    expect(counted).toBe(1);
  });
});
