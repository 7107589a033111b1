import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { connect, type Database } from '../../src/db/client';
import { MIGRATIONS_DIR, migrateDatabase } from '../../src/db/migrate';
import { withDatabase } from '../helpers/global-setup';

/**
 * An upgrade behind a proxy starts every process at once on one database: the migrations (and the
 * reference lists) must be applied once, and every process must start.
 */
const name = `${inject('templateDb').replace('tpl', 't')}_migrate_${randomBytes(3).toString('hex')}`;
const databases: Database[] = [];

const admin = async <T>(work: (c: pg.Client) => Promise<T>) => {
  const c = new pg.Client({ connectionString: inject('adminUrl') });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
};

afterAll(async () => {
  for (const d of databases) await d.close();
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
});

describe('migrations at start', () => {
  it('when four processes migrate an empty database at once then each migration is applied once and all four go on', async () => {
    await admin((c) => c.query(`create database ${name}`));
    for (let i = 0; i < 4; i++) databases.push(connect(withDatabase(inject('adminUrl'), name), 3));

    const results = await Promise.allSettled(databases.map((d) => migrateDatabase(d.db)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const pool = databases[0]!.pool;
    const applied = await pool.query<{ hash: string; n: number }>(
      `select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
    );
    expect(applied.rows.length).toBe(journal.entries.length);
    expect(applied.rows.every((r) => r.n === 1)).toBe(true);
    // the reference lists loaded once: the 77 provinces of Thailand
    const provinces = await pool.query<{ n: number }>(`select count(*)::int as n from provinces`);
    expect(provinces.rows[0]!.n).toBe(77);
    // and no lock is left behind
    const locks = await pool.query(`select 1 from pg_locks where locktype = 'advisory'
       and database = (select oid from pg_database where datname = current_database())`);
    expect(locks.rows).toEqual([]);
  });
});
