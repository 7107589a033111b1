import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect, type Database } from '../../apps/api/src/db/client';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded';

export interface BenchDatabase {
  database: Database;
  url: string;
  /** A temp folder of the bench's own (the embedded server's files live below it). */
  dir: string;
  external: boolean;
  /**
   * CPU seconds the embedded server's processes have used so far (every backend and background
   * process, the ones that ended included); null on BENCH_DATABASE_URL, whose server others share.
   */
  cpuSeconds(): number | null;
  /** Drops the database (unless kept) and stops the embedded server the bench started. */
  close(opts?: { keep?: boolean }): Promise<void>;
}

/**
 * A database of the benchmark's own: created on BENCH_DATABASE_URL's server when it is set, else on
 * an embedded PostgreSQL in a temp dir (removed after).
 */
export async function benchDatabase(name: string, poolSize = 16): Promise<BenchDatabase> {
  const external = process.env.BENCH_DATABASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-bench-${name}-`));
  const server = external
    ? null
    : await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), ephemeral: true });
  const adminUrl = external ?? server!.url;
  const dbName = `portal_bench_${name.replace(/\W/g, '_')}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  // The portal's own pool reaches the embedded server through its Unix socket (db/runtime.ts).
  const url = new URL(server?.localUrl ?? adminUrl);
  url.pathname = `/${dbName}`;
  const database = connect(url.toString(), poolSize);
  return {
    database,
    url: url.toString(),
    dir,
    external: !!external,
    cpuSeconds: () => (server ? serverCpuSeconds(path.join(dir, 'pg')) : null),
    async close(opts = {}) {
      await database.close();
      if (!opts.keep) await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
      if (opts.keep) return;
      await server?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const TICKS_PER_SECOND = 100;

/** utime, stime, cutime, cstime of a process (/proc/<pid>/stat), in clock ticks. */
function times(pid: number): { own: number; children: number; ppid: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields after it start past its closing parenthesis.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(f[1]),
      own: Number(f[11]) + Number(f[12]),
      children: Number(f[13]) + Number(f[14]),
    };
  } catch {
    return null;
  }
}

/**
 * The postmaster's CPU and its reaped children's, plus every live child's: what the server has used
 * since it started. The difference of two readings is what it used between them.
 */
function serverCpuSeconds(dataDir: string): number | null {
  const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const main = times(pid);
  if (!main) return null;
  let ticks = main.own + main.children;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const t = times(Number(entry));
    if (t && t.ppid === pid) ticks += t.own;
  }
  return ticks / TICKS_PER_SECOND;
}
