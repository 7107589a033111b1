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
