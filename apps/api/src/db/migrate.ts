import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { schema, type Db } from './client';
import { loadReferenceData } from './reference-data';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '../../drizzle');

/**
 * Applies committed SQL migrations, then loads reference lists if they are empty: once, whatever the
 * number of processes starting at the same time on one database (an upgrade behind a proxy starts
 * them all). Drizzle's migrator reads the last migration applied and then applies the rest in a
 * transaction, so two processes starting together would both apply the same ones (and one fails on
 * "already exists"); the reference lists would be loaded twice. So all of it runs on one connection
 * that holds a session advisory lock: the others wait for it, then find nothing left to do.
 * PostgreSQL drops the lock with the connection of a process that dies half-way (the migration's
 * transaction is rolled back), and the next process takes over.
 */
export async function migrateDatabase(db: Db): Promise<void> {
  const pool = (db as Db & { $client: pg.Pool }).$client; // the pool the Db was made on (db/client.ts)
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('portal-migrations'))`);
    const locked = drizzle(client, { schema });
    await migrate(locked, { migrationsFolder: MIGRATIONS_DIR });
    await loadReferenceData(locked);
    await client.query(`select pg_advisory_unlock(hashtext('portal-migrations'))`);
  } catch (err) {
    client.release(err as Error); // closed: PostgreSQL drops the lock with it
    throw err;
  }
  client.release();
}
