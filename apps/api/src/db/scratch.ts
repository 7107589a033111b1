import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { connect, type Db } from './client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { MIGRATIONS_DIR } from './migrate';

/**
 * A database of its own for work that must not touch the live one (the plan simulator, plan 13):
 * created on the server of `adminUrl` (a role that may create databases), migrated, handed to
 * `work`, and dropped whatever happens. Without `adminUrl`, an embedded PostgreSQL in a temporary
 * directory holds it and is stopped afterwards (the command line without DATABASE_URL).
 *
 * Only the schema is migrated: the reference lists (countries, addresses) are not loaded, since
 * nothing a simulation runs reads them, and loading them would take most of the time.
 */
export async function withScratchDatabase<T>(
  adminUrl: string | null,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  let embedded: EmbeddedPostgres | null = null;
  let serverUrl = adminUrl;
  if (!serverUrl) {
    embedded = await startEmbeddedPostgres({
      dir: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'plan-simulate-')), 'pg'),
      ephemeral: true,
      notice: () => {},
    });
    serverUrl = embedded.url;
  }
  const name = `${scratchPrefix(serverUrl)}${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
    // Held while the database lives: a process that dies with it leaves a database whose lock is
    // free, which the next start (or run) of any process drops (dropAbandonedScratchDatabases).
    await admin.query(`select pg_advisory_lock(hashtext($1))`, [name]);
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = connect(url.toString(), 3, () => {});
    try {
      await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
      return await work(database.db);
    } finally {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end().catch(() => {});
    await embedded?.stop();
  }
}

/**
 * Scratch databases are named after the database whose server holds them (`sim_<database>_<random>`),
 * so that a portal cleans up its own and no other's.
 */
export function scratchPrefix(serverUrl: string): string {
  const owner = decodeURIComponent(new URL(serverUrl).pathname.slice(1) || 'postgres')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 40);
  return `sim_${owner}_`;
}

/**
 * Drops the scratch databases of `adminUrl`'s owner whose run is over: a process killed in the middle
 * of a simulation (kill -9, a lost machine) could not drop its own. A database still in use is held
 * by its run's advisory lock and is left alone. Returns the names dropped.
 */
export async function dropAbandonedScratchDatabases(adminUrl: string): Promise<string[]> {
  const prefix = scratchPrefix(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  const dropped: string[] = [];
  try {
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1)`,
      [prefix],
    );
    for (const { datname } of rows) {
      if (!/^[a-z0-9_]+$/.test(datname)) continue;
      const { rows: lock } = await admin.query<{ free: boolean }>(
        `select pg_try_advisory_lock(hashtext($1)) as free`,
        [datname],
      );
      if (!lock[0]?.free) continue;
      try {
        await admin.query(`drop database if exists ${datname} with (force)`);
        dropped.push(datname);
      } finally {
        await admin.query(`select pg_advisory_unlock(hashtext($1))`, [datname]);
      }
    }
  } finally {
    await admin.end().catch(() => {});
  }
  return dropped;
}
