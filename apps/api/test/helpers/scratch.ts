import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Database } from '../../src/db/client';
import { withDatabase } from './global-setup';

/** A database of its own, cloned from the migrated template (no app): for the engine and the simulator. */
export async function scratchDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const adminUrl = inject('adminUrl');
  const templateDb = inject('templateDb');
  const name = `${templateDb.replace('tpl', 's')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDb}`);
  await admin.end();
  const database = connect(withDatabase(adminUrl, name), 3);
  return {
    ...database,
    async drop() {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * A reset that leaves what `truncate <tables> restart identity cascade` leaves: the named tables and
 * every table that references them (through any chain of foreign keys) empty, and the sequences
 * those tables own back at their start, so the next ids are the same. Done with DELETE (children
 * first) and setval in one transaction: TRUNCATE makes new files for every table, index and
 * sequence it touches, which on a PostgreSQL that syncs to disk (the machine's PostgreSQL 15 in CI)
 * costs about 240 ms for the engine's 35 tables even when they are empty; deleting the few hundred
 * rows a small history writes takes a few milliseconds. The tables are read from the catalog once,
 * so a table a later migration adds is emptied as TRUNCATE ... CASCADE would.
 */
export async function emptier(pool: pg.Pool, tables: string[]): Promise<() => Promise<void>> {
  const { rows } = await pool.query<{ tbl: string; named: boolean; parents: string[] | null }>(
    `with recursive reached(oid) as (
       select c.oid from pg_class c where c.relname = any($1) and c.relnamespace = 'public'::regnamespace
       union
       select k.conrelid from pg_constraint k join reached r on k.confrelid = r.oid where k.contype = 'f')
     select r.oid::regclass::text as tbl,
       (select c.relname = any($1) from pg_class c where c.oid = r.oid) as named,
       (select array_agg(distinct k.confrelid::regclass::text) from pg_constraint k
         where k.conrelid = r.oid and k.contype = 'f' and k.confrelid <> r.oid) as parents
     from reached r`,
    [tables],
  );
  const found = rows.filter((r) => r.named).length;
  if (found !== tables.length) throw new Error(`emptier: ${tables.length - found} of ${tables} not found`);
  // Children before their parents: a table is emptied once no table still to be emptied refers to it.
  const inSet = new Set(rows.map((r) => r.tbl));
  const parentsOf = new Map(rows.map((r) => [r.tbl, (r.parents ?? []).filter((p) => inSet.has(p))]));
  const order: string[] = [];
  const left = new Set(inSet);
  while (left.size > 0) {
    const next = [...left].filter((t) => ![...left].some((c) => c !== t && parentsOf.get(c)!.includes(t)));
    if (next.length === 0) throw new Error(`emptier: foreign keys in a cycle among ${[...left]}`);
    for (const t of next.sort()) {
      order.push(t);
      left.delete(t);
    }
  }
  const { rows: sequences } = await pool.query<{ seq: string; start: string }>(
    `select distinct s.oid::regclass::text as seq, q.seqstart::text as start
     from pg_depend d join pg_class s on s.oid = d.objid and s.relkind = 'S'
       join pg_sequence q on q.seqrelid = s.oid
     where d.refobjid = any($1::regclass[]) and d.deptype in ('a', 'i')`,
    [order],
  );
  const restart = sequences.map((s) => `setval('${s.seq}', ${s.start}, false)`).join(', ');
  const text = [
    'begin',
    ...order.map((t) => `delete from ${t}`),
    ...(restart ? [`select ${restart}`] : []),
    'commit',
  ].join(';\n');
  return async () => {
    await pool.query(text);
  };
}
