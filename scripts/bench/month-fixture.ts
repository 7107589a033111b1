// The month of `npm run bench:month`: the tree of bench:closing (tree-build.ts) with a package for every
// member paid the day before the month (that day closed), members verified with an approved bank
// account as the payout needs them (a few not verified, without an account or suspended, so the run
// holds some back), and a month of repurchase orders paid on days spread over the month. Every order is
// written as a payment of the ledger writes it (compensation/posting/payment.ts for a REPURCHASE whose
// buyer is not suspended and holds no points): the paid order, its PV at the buyer (personal, flowing
// up, repurchase), its LVP and the buyer's CASHBACK line, each under the same natural key, then the
// member rows' package and expiry in force as the posting functions keep them. Written by COPY.
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { addDays, firstDayOfMonth, lastDayOfMonth } from '@portal/plan/dates';
import { baht, pvMoney } from '@portal/plan/money';
import { planFor } from '../../apps/api/src/compensation/plan';
import type { Database } from '../../apps/api/src/db/client';
import { seedPackages, setStanding } from './closing-fixture';
import { buildTree, loadTree, type BuiltTree } from './tree-build';

export interface MonthOptions {
  members: number;
  orders: number;
  /** Any day of the month (YYYY-MM-DD). */
  month: string;
  random: () => number;
  log: (s: string) => void;
}

/**
 * Who the payout run may not pay, by member (= user) id: 1 in 50 not verified (KYC), 1 in 97 of the
 * others without an approved bank account, 1 in 211 suspended before the month (they buy nothing).
 */
const suspended = (id: number) => id % 211 === 5;

const days = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};

/** COPY rows of plain values (no tabs, newlines or backslashes) into `table`. */
async function copyInto(c: pg.PoolClient, table: string, columns: string[], rows: () => Iterable<unknown[]>) {
  const stream = c.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  async function* text() {
    let chunk = '';
    for (const row of rows()) {
      chunk += row.map((v) => (v === null ? '\\N' : String(v))).join('\t') + '\n';
      if (chunk.length > 1 << 16) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(text()), stream);
}

export interface SeededMonth {
  tree: BuiltTree;
  days: string[];
  orders: number;
}

export async function seedMonth(database: Database, o: MonthOptions): Promise<SeededMonth> {
  const N = o.members;
  const first = firstDayOfMonth(o.month);
  const last = lastDayOfMonth(o.month);
  const month = days(first, last);
  let t = performance.now();
  /** Logs a step that has just ended, with its seconds. */
  const step = (what: string) => {
    o.log(`  ${what}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
  };
  o.log(`Building a ${N.toLocaleString('en')}-member tree`);
  const tree = buildTree(N, o.random);
  await loadTree(database.pool, tree, o.log);
  o.log(`  max depth ${tree.maxDepth}, mean ${tree.meanDepth.toFixed(1)}`);
  step('tree built and loaded');
  const plan = await planFor(database.db, last);

  const c = await database.pool.connect();
  try {
    await c.query('set synchronous_commit = off');
    const before = addDays(first, -1);
    o.log(`Packages for every member, paid on ${before} (that day marked closed)`);
    await seedPackages(c, N, before, o.random);
    step('packages');

    o.log('Identity and bank verified, approved bank accounts, suspensions');
    await c.query(`update users set is_verifies_identity = true, is_verifies_bank = true where id % 50 <> 7`);
    await c.query(
      `insert into bank_accounts (user_id, bank_code, account_no, account_name, account_type, status, reviewed_at, created_at)
       select id, (array['bbl','kbank','ktb','scb'])[1 + id % 4], lpad(id::text, 10, '0'), first_name || ' ' || last_name,
         'savings', 'success', $1::timestamptz, $1::timestamptz
       from users where id % 50 <> 7 and id % 97 <> 11`,
      [`${before}T03:00:00Z`],
    );
    await c.query(
      `insert into suspension_entries (member_id, period, status, suspended_at, message, message_th, created_at)
       select id, 'suspended', 'active', $1::timestamptz, 'bench', 'bench', $1::timestamptz
       from members where id % 211 = 5`,
      [`${before}T03:00:00Z`],
    );

    step('verified, bank accounts, suspensions');
    o.log(`${o.orders.toLocaleString('en')} repurchase orders paid over ${first} .. ${last}`);
    // Orders in payment order: by day, ids rising, as a month of checkouts numbers them.
    const buyer = new Int32Array(o.orders);
    const pv = new Int32Array(o.orders);
    const dayOf = new Uint8Array(o.orders);
    for (let k = 0; k < o.orders; k++) {
      let b = 1 + Math.floor(o.random() * N);
      while (suspended(b)) b = 1 + Math.floor(o.random() * N);
      buyer[k] = b;
      pv[k] = 50 * (1 + Math.floor(o.random() * 30));
      dayOf[k] = Math.floor(o.random() * month.length);
    }
    const order = Array.from({ length: o.orders }, (_, k) => k).sort((a, b) => dayOf[a]! - dayOf[b]!);
    const firstId = N + 1;
    const each = function* <T>(f: (k: number, id: number, date: string) => T) {
      for (let i = 0; i < order.length; i++) {
        const k = order[i]!;
        yield f(k, firstId + i, month[dayOf[k]!]!);
      }
    };
    await copyInto(
      c,
      'orders',
      [
        'id',
        'order_no',
        'member_id',
        'order_type',
        'status',
        'payment_status',
        'pv_total',
        'lvp_total',
        'paid_at',
        'paid_date',
      ],
      () =>
        each((k, id, date) => [
          id,
          `R${id}`,
          buyer[k],
          'REPURCHASE',
          'paid',
          'paid',
          pv[k],
          pv[k]! / 10,
          `${date}T10:00:00+07:00`,
          date,
        ]),
    );
    await copyInto(
      c,
      'volume_postings',
      [
        'natural_key',
        'member_id',
        'effective_date',
        'pv',
        'personal',
        'flows_up',
        'repurchase',
        'kind',
        'source',
        'order_id',
      ],
      () =>
        each((k, id, date) => [
          `order:${id}`,
          buyer[k],
          date,
          pv[k],
          't',
          't',
          't',
          'ORDER',
          `order:${id}`,
          id,
        ]),
    );
    await copyInto(
      c,
      'lvp_postings',
      ['natural_key', 'member_id', 'type', 'points', 'remark', 'order_id', 'effective_date'],
      () =>
        each((k, id, date) => [`order:${id}`, buyer[k], 'INCREASE', pv[k]! / 10, `order R${id}`, id, date]),
    );
    await copyInto(
      c,
      'income_lines',
      ['member_id', 'type', 'source', 'generation', 'order_id', 'amount', 'income_date'],
      () =>
        each((k, id, date) => [
          buyer[k],
          'CASHBACK',
          `R${id}`,
          0,
          id,
          baht(pvMoney(pv[k]!, plan.cashbackPct, plan.pvThb)),
          date,
        ]),
    );
    await c.query(`select setval('orders_id_seq', $1)`, [N + o.orders]);
  } finally {
    c.release();
  }
  step('orders, volume, LVP and cashback');
  o.log('Member standing as of the end of the month');
  await setStanding(database, last);
  step('standing');
  const c2 = await database.pool.connect();
  try {
    await c2.query('vacuum analyze');
  } finally {
    c2.release();
  }
  step('vacuum and analyze');
  return { tree, days: month, orders: o.orders };
}
