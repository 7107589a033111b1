// The closing benchmark's day, shared with the crash test of a closing on a real process
// (apps/api/test/server/closing-crash.test.ts): a realistic tree (tree-build.ts), a package for
// every member paid the day before (that day marked closed), and repurchase orders paid on `day`,
// posted as the ledger's posting functions post them, with the standing they leave on the members.
import type pg from 'pg';
import { addDays } from '@portal/plan/dates';
import { planFor } from '../../apps/api/src/compensation/plan';
import { expiryAsOf } from '../../apps/api/src/compensation/standing';
import type { Database } from '../../apps/api/src/db/client';
import { buildTree, loadTree, type BuiltTree } from './tree-build';

const PACKAGES = [
  ['STARTER', 500],
  ['SILVER', 1500],
  ['GOLD', 4500],
  ['PLATINUM', 9000],
] as const;

export interface ClosingDayOptions {
  members: number;
  orders: number;
  /** The business day the orders are paid on (the day to close). */
  day: string;
  random: () => number;
  log: (s: string) => void;
}

export async function seedClosingDay(database: Database, o: ClosingDayOptions): Promise<BuiltTree> {
  const N = o.members;
  o.log(`Building a ${N.toLocaleString('en')}-member tree`);
  const tree = buildTree(N, o.random);
  await loadTree(database.pool, tree, o.log);
  o.log(`  max depth ${tree.maxDepth}, mean ${tree.meanDepth.toFixed(1)}`);

  const c = await database.pool.connect();
  try {
    await c.query('set synchronous_commit = off');
    o.log('Packages for every member, paid the day before (that day marked closed)');
    await seedPackages(c, N, addDays(o.day, -1), o.random);
    o.log(`${o.orders.toLocaleString('en')} repurchase orders paid on ${o.day}`);
    const buyers: number[] = [];
    const pvs: number[] = [];
    for (let k = 0; k < o.orders; k++) {
      buyers.push(1 + Math.floor(o.random() * N));
      pvs.push(50 * (1 + Math.floor(o.random() * 30)));
    }
    const first = N + 1;
    await c.query(
      `insert into orders (id, order_no, member_id, order_type, status, payment_status, pv_total, paid_at, paid_date)
       select $4 + o - 1, 'R' || o, b, 'REPURCHASE', 'paid', 'paid', pv, $3::date, $3::date
       from unnest($1::bigint[], $2::int[]) with ordinality v(b, pv, o)`,
      [buyers, pvs, o.day, first],
    );
    await c.query(
      `insert into volume_postings (natural_key, member_id, effective_date, pv, personal, flows_up, repurchase, kind, source, order_id)
       select 'order:' || ($4 + o - 1), b, $3::date, pv, true, true, true, 'ORDER', 'order:' || ($4 + o - 1), $4 + o - 1
       from unnest($1::bigint[], $2::int[]) with ordinality v(b, pv, o)`,
      [buyers, pvs, o.day, first],
    );
    await c.query(`select setval('orders_id_seq', $1)`, [N + o.orders]);
  } finally {
    c.release();
  }
  // The member rows carry the package and expiry in force, as the ledger's posting functions keep them.
  await setStanding(database, o.day);
  const c2 = await database.pool.connect();
  try {
    await c2.query('vacuum analyze');
  } finally {
    c2.release();
  }
  return tree;
}

/**
 * A package for each of members 1..n, paid on `day`, posted as a payment posts it (the order and its
 * PV at the member), and `day` marked closed. No referrer bonus lines: the closings do not read them.
 */
export async function seedPackages(c: pg.PoolClient, n: number, day: string, random: () => number) {
  for (let start = 0; start < n; start += 50_000) {
    const ids: number[] = [];
    const codes: string[] = [];
    const pvs: number[] = [];
    for (let i = start; i < Math.min(n, start + 50_000); i++) {
      const [code, pv] = PACKAGES[Math.floor(random() * PACKAGES.length)]!;
      ids.push(i + 1);
      codes.push(code);
      pvs.push(pv);
    }
    await c.query(
      `insert into orders (id, order_no, member_id, order_type, package_code, status, payment_status, pv_total, paid_at, paid_date)
       select id, 'P' || id, id, 'PACKAGE', code, 'paid', 'paid', pv, $4::date, $4::date
       from unnest($1::bigint[], $2::text[], $3::int[]) v(id, code, pv)`,
      [ids, codes, pvs, day],
    );
    await c.query(
      `insert into volume_postings (natural_key, member_id, effective_date, pv, personal, flows_up, repurchase, kind, source, order_id)
       select 'order:' || id, id, $3::date, pv, true, true, false, 'ORDER', 'order:' || id, id
       from unnest($1::bigint[], $2::int[]) v(id, pv)`,
      [ids, pvs, day],
    );
  }
  await c.query(
    `insert into engine_runs (type, business_date, plan_version, status, started_by, finished_at) values ('DAILY', $1, 0, 'done', 'bench', now())`,
    [day],
  );
}

/**
 * The member rows' package and expiry in force at the end of `day`, as the posting functions keep them,
 * in one pass over the members; the trigram index on the member code is dropped meanwhile (as the
 * tree's load does), since every member row is rewritten.
 */
export async function setStanding({ db, pool }: Database, day: string) {
  const expiries = await expiryAsOf(db, null, day, await planFor(db, day));
  const ids = [...expiries.keys()];
  const c = await pool.connect();
  try {
    await c.query('set synchronous_commit = off');
    await c.query('drop index if exists members_code_trgm_idx');
    for (let i = 0; i < ids.length; i += 100_000) {
      const part = ids.slice(i, i + 100_000);
      await c.query(
        `update members m set package = o.package_code, expiry_date = v.e::date
         from unnest($1::bigint[], $2::text[]) v(id, e)
         left join orders o on o.member_id = v.id and o.order_type = 'PACKAGE'
         where m.id = v.id`,
        [part, part.map((id) => expiries.get(id))],
      );
    }
    await c.query('create index members_code_trgm_idx on members using gin (member_code gin_trgm_ops)');
  } finally {
    c.release();
  }
}
