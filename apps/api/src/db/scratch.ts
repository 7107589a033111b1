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
  const name = `plan_simulation_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
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
