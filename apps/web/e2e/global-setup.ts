import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../../..');

/** The e2e server takes PromptPay: the tests play its provider and sign callbacks with this secret. */
export const E2E_PROMPTPAY_SECRET = 'e2e-promptpay-callback-secret-'.padEnd(40, 'x');
export const E2E_PROMPTPAY_ID = '0812345678';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/** The real server, as `npm start` runs it, on a fresh data directory with the demo network. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = path.join(root, '.test-data', `e2e-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  // The server serves a copy of the built portal: a rebuild during the run (another `npm run
  // build`) would otherwise swap the chunk names under the open pages and fail their lazy loads.
  const builtWeb = path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(builtWeb, 'index.html')))
    throw new Error('Build the portal first: npm run build');
  const webDist = path.join(dataDir, 'web');
  fs.cpSync(builtWeb, webDist, { recursive: true });
  let log = '';
  // No DATABASE_URL at all: the server then runs its embedded PostgreSQL (an empty value is an invalid URL).
  const { DATABASE_URL: _external, ...inherited } = process.env;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DEMO_SEED: 'true',
      PUBLIC_URL: baseUrl,
      OTP_RESEND_SECONDS: '0',
      // every browser test comes from 127.0.0.1: the per-IP limits are tested in the API suite
      RATE_LIMIT_OTP: '100',
      RATE_LIMIT_LOGIN: '100',
      RATE_LIMIT_REGISTER: '100',
      // the accessibility test opens pages in three tabs at once (the default allows 1,200 calls a minute)
      RATE_LIMIT_GLOBAL: '100000',
      LOG_LEVEL: 'warn',
      PROMPTPAY_ID: E2E_PROMPTPAY_ID,
      PROMPTPAY_CALLBACK_SECRET: E2E_PROMPTPAY_SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (c) => (log += c));
  server.stderr?.on('data', (c) => (log += c));

  // A busy machine (several engineers, 2 cores) may take minutes to seed the demo history.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not become ready:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);

  return async () => {
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
