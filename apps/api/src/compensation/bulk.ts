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
