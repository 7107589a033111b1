// `npm run bench:me`: authenticated GET /member/v1/me under load (autocannon), against the
// unauthenticated, database-free GET /health measured in the same run as the baseline.
// The bar of docs/benchmarks.md: >= 3,000 requests/s with p99 <= 50 ms on 2 cores.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { connect } from '../../apps/api/src/db/client';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded';
import { migrateDatabase } from '../../apps/api/src/db/migrate';
import { seedDemo, DEMO } from '../../apps/api/src/seed/demo';

const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 10);
const connections = Number(process.argv.find((a) => a.startsWith('--connections='))?.split('=')[1] ?? 32);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), ephemeral: true });
const database = connect(pg.url, 20);
try {
  await migrateDatabase(database.db);
  await seedDemo(database.db, 50);
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: pg.url,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_GLOBAL: '100000000',
    RATE_LIMIT_LOGIN: '1000',
  });
  const app = await buildApp({ config, database, jwtSecret: 'bench-secret'.padEnd(48, 'x'), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const login = await fetch(`${base}/member/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-key': 'portal-web' },
    body: JSON.stringify({ username: DEMO.email, password: DEMO.password }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;

  // The load comes from a separate process, as autocannon is normally run, not from the server's thread.
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const run = async (url: string, headers: Record<string, string>) => {
    const args = [cli, '-j', '-c', String(connections), '-d', String(seconds)];
    for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
    const { stdout } = await promisify(execFile)(process.execPath, [...args, url], { maxBuffer: 1 << 24 });
    return JSON.parse(stdout) as {
      requests: { average: number };
      latency: { p50: number; p99: number };
      non2xx: number;
      errors: number;
    };
  };
  await run(`${base}/health`, {}); // warm-up, not counted
  const baseline = await run(`${base}/health`, {});
  const me = await run(`${base}/member/v1/me`, {
    'x-app-key': 'portal-web',
    authorization: `Bearer ${token}`,
  });
  const ok = me.non2xx === 0 && me.errors === 0;
  const result = {
    connections,
    seconds,
    cores: os.cpus().length,
    baseline_health: { rps: Math.round(baseline.requests.average), p99_ms: baseline.latency.p99 },
    me: {
      rps: Math.round(me.requests.average),
      p50_ms: me.latency.p50,
      p99_ms: me.latency.p99,
      non2xx: me.non2xx,
    },
    me_vs_health: +(me.requests.average / baseline.requests.average).toFixed(3),
    bar: { rps: 3000, p99_ms: 50 },
    meets_bar: ok && me.requests.average >= 3000 && me.latency.p99 <= 50,
  };
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync('bench-results/me.json', JSON.stringify(result, null, 2));
  await app.close();
} finally {
  await database.close();
  await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
