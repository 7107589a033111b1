import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Helpers for tests that run the real server process (`npm start`'s command) on a temp DATA_DIR. */
const root = path.resolve(import.meta.dirname, '../../../..');

export interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** A DATA_DIR that the `postgres` user can reach (the server runs it as that user under root). */
export function tempDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** The real server process, as `npm start` runs it, on its own embedded PostgreSQL. */
export function startServer(dataDir: string, port: number, extraEnv: Record<string, string> = {}): Running {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_SEED: 'true',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c) => (out += c));
  child.stderr?.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, output: () => out, exited };
}

export async function waitReady(s: Running, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null) throw new Error(`server exited:\n${s.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${s.port}/ready`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready:\n${s.output()}`);
}

export const appToken = async (port: number) => {
  const res = await fetch(`http://127.0.0.1:${port}/member/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-key': 'portal-web' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: 'portal-web',
      client_secret: 'public',
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
};

export const post = async (port: number, url: string, body: unknown, token?: string) =>
  fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-app-key': 'portal-web',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

export const get = async (port: number, url: string, token?: string) =>
  fetch(`http://127.0.0.1:${port}${url}`, {
    headers: { 'x-app-key': 'portal-web', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

/** The postmaster's process id, from the cluster's lock file (undefined when there is none). */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

export function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\S+ \(.*\) [ZX]/.test(stat); // a zombie has ended
  } catch {
    return false;
  }
}

/** Parent process id (Linux /proc). */
export function parentOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Direct children of a process (Linux /proc). */
export function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => {
      try {
        return parentOf(p) === pid;
      } catch {
        return false;
      }
    });
}

export async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
