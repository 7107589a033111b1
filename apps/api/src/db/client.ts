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

/** How long a request waits for a connection before it fails (and answers 503). */
const CONNECTION_TIMEOUT_MS = 5_000;

/**
 * A pool that outlives its server: connections lost when PostgreSQL stops, crashes or restarts are
 * dropped and replaced by new ones on demand, so nothing here has to notice the server coming back.
 * While it is away, getting a connection fails within CONNECTION_TIMEOUT_MS (ECONNREFUSED at once).
 */
export function connect(url: string, max = 10, onLost: (line: string) => void = console.warn): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
  });
  // An idle connection was lost (the server stopped or restarted): the pool has already dropped
  // it. Without this listener the 'error' event would end the process. One line per outage, not
  // one per connection.
  let lastLine = 0;
  pool.on('error', (err) => {
    if (Date.now() - lastLine < 10_000) return;
    lastLine = Date.now();
    onLost(`database connection lost (${err.message}); new connections are opened on demand`);
  });
  // A connection checked out for a transaction has no pool listener: losing it between two
  // statements would otherwise be an uncaught 'error' event. The statement in flight fails on its
  // own, and the pool drops the connection when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
}
