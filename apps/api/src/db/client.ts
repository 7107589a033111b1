import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as identity from './schema/identity';
import * as network from './schema/network';
import * as profile from './schema/profile';
import * as reference from './schema/reference';

export const schema = { ...identity, ...network, ...profile, ...reference };
export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle: the same query surface as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// numeric and bigint travel as strings; bigint ids fit in a JS number for any realistic table.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

export function connect(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    // An idle client lost its connection (e.g. the server restarted); the pool replaces it.
  });
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
}
