import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../../src/db/client';
import { createTestApp, type TestApp } from '../helpers/app';

describe("the portal's connections", () => {
  let t: TestApp;
  let db: Database;
  beforeAll(async () => {
    t = await createTestApp();
    // One connection: what it has prepared is what this test reads.
    db = connect(t.dbUrl, 1, () => {});
  });
  afterAll(async () => {
    await db?.close();
    await t?.close();
  });

  const preparedHere = async () => {
    const { rows } = await db.pool.query<{ statement: string }>(
      'select statement from pg_prepared_statements order by prepare_time',
    );
    return rows.map((r) => r.statement);
  };

  it('when a statement with parameters runs again then the connection reuses the one it prepared, and the answers are right', async () => {
    const probe = (n: number) =>
      db.db.execute<{ n: number }>(sql`select ${n}::int + 1 as n, 'named-probe' as tag`);
    expect((await probe(1)).rows[0]!.n).toBe(2);
    expect((await probe(41)).rows[0]!.n).toBe(42);
    const mine = (await preparedHere()).filter((s) => s.includes('named-probe'));
    expect(mine).toHaveLength(1);
  });

  it('when a statement has no parameters or runs in a transaction that fails then nothing is left half-done', async () => {
    await db.pool.query("select 'plain-probe' as tag");
    expect((await preparedHere()).some((s) => s.includes('plain-probe'))).toBe(false);
    await expect(
      db.db.transaction(async (tx) => {
        await tx.execute(sql`select ${1}::int as n, 'tx-probe' as tag`);
        await tx.execute(sql`select 1 / ${0}::int as boom`);
      }),
    ).rejects.toThrow();
    // The connection is usable afterwards and its statements still answer.
    expect(
      (await db.db.execute<{ n: number }>(sql`select ${5}::int as n, 'tx-probe' as tag`)).rows[0]!.n,
    ).toBe(5);
  });
});
