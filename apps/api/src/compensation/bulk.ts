import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db, Tx } from '../db/client';

/**
 * The connection under a drizzle transaction, for what drizzle cannot do (COPY, array rows). drizzle
 * keeps it as `session.client` (node-postgres driver); checked here so a change of drizzle fails loudly.
 */
export function rawClient(tx: Tx | Db): pg.PoolClient | pg.Pool {
  const client = (tx as unknown as { session?: { client?: pg.PoolClient | pg.Pool } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('no pg client under this handle');
  return client;
}

/** Rows as arrays (no object per row): the closing reads a million members at a time. */
export async function queryArrays<T extends unknown[]>(
  db: Tx | Db,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const res = await rawClient(db).query({ text, values, rowMode: 'array' });
  return res.rows as T[];
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** A value in COPY's text format: \\N for null; a backslash, tab, newline or return escaped. */
const cell = (v: unknown) =>
  v === null || v === undefined
    ? '\\N'
    : typeof v === 'string' && /[\\\t\n\r]/.test(v)
      ? v.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!)
      : String(v);

/** COPY rows into a table, in the transaction (text values escaped as COPY's text format needs). */
export async function copyRows(tx: Tx, table: string, columns: readonly string[], rows: Iterable<unknown[]>) {
  const client = rawClient(tx) as pg.PoolClient;
  const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  async function* lines() {
    let chunk = '';
    for (const row of rows) {
      chunk += row.map(cell).join('\t') + '\n';
      if (chunk.length > 1 << 16) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(lines()), stream);
}

/**
 * Gives the rest of the process a turn during a long computation. The engine runs in the API's
 * process (the scheduler's jobs, decision 030), and a closing's loops over a million members would
 * hold up every request for as long as each runs, up to seconds. A loop calls `await pace()` every
 * thousand or so iterations (`i % PACE === 0`); once `sliceMs` have passed since the last turn it gave,
 * it waits for the event loop to serve what is waiting, else it returns at once.
 */
export function pacer(sliceMs = 4): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}

/** `items.map(f)`, each made only when it is iterated (COPY takes rows a chunk at a time). */
export function* mapLazily<T, U>(items: Iterable<T>, f: (item: T) => U): Generator<U> {
  for (const item of items) yield f(item);
}

/** How many iterations a paced loop runs between looks at the clock. */
export const PACE = 1024;
