import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { connect } from '../../src/db/client';
import { freePort } from '../../src/db/embedded';
import { withDatabase } from '../helpers/global-setup';
import { PASSWORD, seedSponsor } from '../helpers/fixtures';

/**
 * Issue #12: several processes behind one proxy enforce one set of limits and one logout. Two real
 * API processes on one database and one Redis (the machine's: REDIS_URL, default
 * redis://127.0.0.1:6379). Without a Redis there is nothing to share, and the test says so.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
const hasRedis = await redisAnswers(REDIS_URL);
if (!hasRedis) console.warn(`shared-limits: no Redis at ${REDIS_URL}; the two-process test is skipped`);

interface Proc {
  child: ChildProcess;
  base: string;
  output: () => string;
}

let dbName = '';
let dbUrl = '';
const dataDirs: string[] = [];
const procs: Proc[] = [];
let email = '';

async function start(env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shared-'));
  dataDirs.push(dataDir);
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c) => (out += c));
  child.stderr?.on('data', (c) => (out += c));
  const proc = { child, base: `http://127.0.0.1:${port}`, output: () => out };
  procs.push(proc);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    try {
      if ((await fetch(`${proc.base}/ready`)).ok) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready:\n${out}`);
}

const headers = (token?: string) => ({
  'content-type': 'application/json',
  'x-app-key': 'portal-web',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
const signIn = (p: Proc, password: string) =>
  fetch(`${p.base}/member/v1/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ username: email, password }),
  });

describe.skipIf(!hasRedis)('two API processes on one database and one Redis', () => {
  let a: Proc;
  let b: Proc;
  beforeAll(async () => {
    const adminUrl = inject('adminUrl');
    dbName = `${inject('templateDb').replace('tpl', 't')}_shared_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName} template ${inject('templateDb')}`);
    await admin.end();
    dbUrl = withDatabase(adminUrl, dbName);
    const database = connect(dbUrl, 2);
    email = (await seedSponsor(database.db)).user.email;
    await database.close();
    const env = {
      DATABASE_URL: dbUrl,
      DEMO_MODE: 'false',
      REDIS_URL,
      // A namespace of this run's own: the machine's Redis may hold another run's counters.
      REDIS_KEY_PREFIX: `portal-test-${randomBytes(4).toString('hex')}:`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_LOGIN: '4',
      RATE_LIMIT_GLOBAL: '40',
      LOG_LEVEL: 'warn',
    };
    [a, b] = await Promise.all([start(env), start(env)]);
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) {
      p.child.kill('SIGTERM');
      await new Promise((r) => (p.child.exitCode !== null ? r(null) : p.child.once('exit', r)));
    }
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: inject('adminUrl') });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  });

  it('when a member logs out on one process then their access token is refused by the other at once', async () => {
    const login = await signIn(a, PASSWORD);
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    expect((await fetch(`${b.base}/member/v1/me`, { headers: headers(token) })).status).toBe(200);
    const logout = await fetch(`${b.base}/member/v1/logout`, {
      method: 'POST',
      headers: headers(token),
      body: '{}',
    });
    expect(logout.status).toBe(200);
    for (const p of [a, b]) {
      const res = await fetch(`${p.base}/network/api/v1/me`, { headers: headers(token) });
      expect(res.status).toBe(401);
    }
  });

  it('when wrong passwords are split over both processes then one limit holds for both', async () => {
    for (const p of [a, b, a, b]) expect((await signIn(p, 'wrong-password-1')).status).toBe(401);
    for (const p of [a, b]) {
      const res = await signIn(p, PASSWORD);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('when one address calls both processes then one global limit per minute holds for both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 46; i++) {
      const p = i % 2 === 0 ? a : b;
      statuses.push((await fetch(`${p.base}/staff/v1/kyc`, { headers: headers() })).status);
    }
    // 40 calls between them pass the ceiling (as 401s: no token), the rest are 429 on either process.
    expect(statuses.filter((s) => s === 429).length).toBe(6);
    expect(statuses.slice(40).every((s) => s === 429)).toBe(true);
  });
});
