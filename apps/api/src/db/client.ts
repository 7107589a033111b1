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
  /** Where the pool connects: a process or thread of its own opens its own pool there. */
  url: string;
  close(): Promise<void>;
}

/**
 * How many distinct statement texts one pool prepares by name (decision 020); a process has one pool.
 * Past it, a new text runs as an unnamed statement, planned on every call as before: the cap bounds
 * what every connection keeps (PostgreSQL holds a plan per prepared statement and connection).
 */
export const MAX_NAMED_STATEMENTS = 200;

/** The names of one pool's statements: the same text has the same name on each of its connections. */
function statementNamer(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known || names.size >= MAX_NAMED_STATEMENTS || text.length > 16_384) return known;
    const name = `portal_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

/**
 * Makes a connection run every statement with parameters as a named (prepared) statement: each
 * connection parses and plans a text once, then PostgreSQL reuses the plan (its generic plan, once it
 * has seen that a custom one is no better), instead of planning on every call. Planning was a third
 * of the database's time in a checkout (pg_stat_statements), more than running most statements.
 * Statements without parameters (BEGIN, COMMIT, DDL) and anything already named or streamed (COPY,
 * cursors) pass as they are.
 */
function nameStatements(client: pg.PoolClient, statementName: (text: string) => string | undefined) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]) => {
    const [config, values] = args;
    if (config && typeof config === 'object' && !('submit' in config)) {
      const c = config as pg.QueryConfig;
      const params = values ?? c.values;
      if (!c.name && typeof c.text === 'string' && Array.isArray(params) && params.length > 0) {
        const name = statementName(c.text);
        if (name) args[0] = { ...c, name };
      }
    }
    return query(...args);
  };
  (client as unknown as { query: typeof named }).query = named;
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
  const statementName = statementNamer();
  pool.on('connect', (client) => {
    client.on('error', () => {});
    nameStatements(client, statementName);
  });
  const db = drizzle(pool, { schema });
  return { pool, db, url, close: () => pool.end() };
}
