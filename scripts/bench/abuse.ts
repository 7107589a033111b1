// `npm run bench:abuse`: how long /health takes while anonymous and hostile clients do what issue 19's
// probe did, phase by phase, against a quiet baseline measured in the same run:
//   bodies        2 anonymous clients posting 5 MiB objects of 520,000 keys to /staff/v1/plan/simulate,
//                 one posting 1 MiB to /shop/v1/cart/items and one to /member/v1/login, in loops;
//   certificates  20 parallel loops of one member downloading the 50 ทวิ certificate;
//   trickle       300 connections sending one byte every 5 s (how many the server closed, and when).
// The server runs here on an embedded PostgreSQL with the demo network and its money history; every
// client (and the /health sampler) is a process of its own. A benchmark, not a test: it prints figures.
//
//   npm run bench:abuse -- [--seconds=10] [--trickle-seconds=75] [--json]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { connect } from '../../apps/api/src/db/client';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded';
import { migrateDatabase } from '../../apps/api/src/db/migrate';
import { DEMO, seedDemo } from '../../apps/api/src/seed/demo';
import { seedDemoHistory } from '../../apps/api/src/seed/history';
import { seedShop } from '../../apps/api/src/seed/shop';
import { businessNow } from '../../apps/api/src/lib/clock';
import { createStorage } from '../../apps/api/src/lib/storage';

const flag = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const seconds = flag('seconds', 10);
const trickleSeconds = flag('trickle-seconds', 75);
const CLIENT = path.join(import.meta.dirname, 'abuse-client.mjs');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-abuse-'));
const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), ephemeral: true });
const database = connect(pg.url, 20);

/** A child process running abuse-client.mjs in `mode`; `stop()` ends it and gives what it printed. */
function client(mode: string, ...args: string[]) {
  const child = spawn(process.execPath, [CLIENT, mode, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return {
    stop: () =>
      new Promise<string>((resolve) => {
        child.once('exit', () => resolve(out));
        child.kill('SIGTERM');
      }),
  };
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? +s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(1) : null;
};

try {
  await migrateDatabase(database.db);
  const storage = createStorage(loadConfig({ DATA_DIR: dir }));
  const demo = await seedDemo(database.db, { storage });
  if (!demo) throw new Error('the demo seed did not run');
  await seedShop(database.db, { storage });
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: pg.url,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_GLOBAL: '100000000',
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_LOGIN_ADDRESS: '100000',
  });
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'bench-secret'.padEnd(48, 'x'),
    logger: false,
    storage,
  });
  const today = (await businessNow(database.db, config)).date;
  // The history's signature changed in issue 18 (a context instead of a database): either works here.
  await (seedDemoHistory as (a: unknown, b: string, c: string) => Promise<unknown>)(
    seedDemoHistory.toString().includes('ctx') ? app.ctx : database.db,
    today,
    demo.email,
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as net.AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/member/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-key': 'portal-web' },
    body: JSON.stringify({ username: DEMO.email, password: DEMO.password }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const year = today.slice(0, 4);
  const probe = await fetch(`${base}/network/api/v1/statement/yearly/${year}/wht.pdf`, {
    headers: { 'x-app-key': 'portal-web', authorization: `Bearer ${token}` },
  });
  if (probe.status !== 200) throw new Error(`the certificate answers ${probe.status}`);

  /** /health sampled every 20 ms from its own process while `load` runs for `seconds`. */
  async function phase(name: string, load: () => { stop: () => Promise<string> }[]) {
    const sampler = client('health', base);
    const clients = load();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const outputs = await Promise.all(clients.map((c) => c.stop()));
    const samples = (await sampler.stop())
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { ms: number; status: number });
    const ms = samples.map((s) => s.ms);
    const answers = outputs.flatMap((o) =>
      o
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { status: number; ms: number }),
    );
    return {
      phase: name,
      health_p50_ms: percentile(ms, 50),
      health_p95_ms: percentile(ms, 95),
      health_samples: samples.length,
      health_errors: samples.filter((s) => s.status !== 200).length,
      abuse_requests: answers.length,
      abuse_statuses: Object.fromEntries(
        [...new Set(answers.map((a) => a.status))].map((s) => [
          s,
          answers.filter((a) => a.status === s).length,
        ]),
      ),
      abuse_p50_ms: percentile(
        answers.map((a) => a.ms),
        50,
      ),
    };
  }

  const results = [];
  results.push(await phase('quiet', () => []));
  results.push(
    await phase('bodies', () => [
      client('post', base, '/staff/v1/plan/simulate', String(5 * 1024 * 1024)),
      client('post', base, '/staff/v1/plan/simulate', String(5 * 1024 * 1024)),
      client('post', base, '/shop/v1/cart/items', String(1024 * 1024)),
      client('post', base, '/member/v1/login', String(1024 * 1024)),
    ]),
  );
  results.push(
    await phase('certificates', () => [
      client('get', base, `/network/api/v1/statement/yearly/${year}/wht.pdf`, token, '20'),
    ]),
  );

  // Trickling connections: opened at once, a byte every 5 s; how many does the server close, and when?
  const started = Date.now();
  const sockets = Array.from({ length: 300 }, () => {
    const s = net.connect(port, '127.0.0.1');
    const state = { closedAfterMs: null as number | null };
    s.on('connect', () =>
      s.write(
        'POST /member/v1/login HTTP/1.1\r\nHost: x\r\nX-App-Key: portal-web\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{',
      ),
    );
    s.on('error', () => {});
    s.on('close', () => (state.closedAfterMs = Date.now() - started));
    const timer = setInterval(() => s.writable && s.write(' '), 5_000);
    return { s, state, timer };
  });
  const trickleHealth = await phase('trickle (first seconds)', () => []);
  await new Promise((r) => setTimeout(r, Math.max(0, trickleSeconds * 1000 - (Date.now() - started))));
  const closed = sockets.filter((x) => x.state.closedAfterMs !== null);
  for (const x of sockets) {
    clearInterval(x.timer);
    x.s.destroy();
  }
  results.push({
    ...trickleHealth,
    trickle_connections: sockets.length,
    trickle_closed_by_server_within_s: trickleSeconds,
    trickle_closed: closed.length,
    trickle_closed_after_s_p50: percentile(
      closed.map((x) => x.state.closedAfterMs! / 1000),
      50,
    ),
  });

  const out = {
    seconds_per_phase: seconds,
    cores: os.cpus().length,
    load: os.loadavg().map((l) => +l.toFixed(2)),
    results,
  };
  if (process.argv.includes('--json')) console.log(JSON.stringify(out, null, 2));
  else {
    console.table(results);
    console.log(`cores ${out.cores}, load average ${out.load.join(' ')}`);
  }
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(path.join('bench-results', 'abuse.json'), JSON.stringify(out, null, 2));
  await app.close();
} finally {
  await database.close();
  await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
