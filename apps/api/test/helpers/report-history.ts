import { sql } from 'drizzle-orm';
import { runBusinessDay } from '../../src/compensation/engine';
import { addDays, endOfBangkokDay, startOfBangkokDay } from '@portal/plan/dates';
import { postCancellation, postPayment, useLvp, usePoints } from '../../src/compensation/ledger';
import { satang } from '@portal/plan/money';
import { planFor } from '../../src/compensation/plan';
import { refreshVolumePreview } from '../../src/compensation/preview';
import type { Tx } from '../../src/db/client';
import { call, type TestApp } from './app';
import { expectData } from './expect';
import { place, seedTop, tokenOf, waitingMember } from './network';
import { addProduct } from './shop';

/**
 * A member's money history made through the engine, for the report tests: the top A (SILVER) with B
 * on its left and C on its right (both PLATINUM, referred by A), repurchases with LVP, a dropship
 * sale, part payment with LVP and points, cancellations before and after a payout, every day of
 * January 2025 closed in order (payout runs on its Tuesdays, the MTA month at its end), and one
 * payment after the last closing (volume not closed yet).
 */
export const DAYS = {
  first: '2025-01-06',
  second: '2025-01-07',
  third: '2025-01-08',
  fourth: '2025-01-09',
  fifth: '2025-01-10',
  dropshipCancel: '2025-01-20',
  last: '2025-01-31',
  open: '2025-02-01',
};

interface Line {
  code: string;
  name?: string;
  qty: number;
  price: string;
  pv: number;
  lvp?: number;
  memberPrice?: string;
  sellingPrice?: string;
}

let seq = 0;

async function insertOrder(
  tx: Tx,
  memberId: number,
  type: 'PACKAGE' | 'REPURCHASE' | 'DROPSHIP',
  opts: { pkg?: string; pv?: number; lines?: Line[]; lvpUsed?: number; pointsUsed?: string },
) {
  const lines = opts.lines ?? [];
  const pv = opts.pv ?? lines.reduce((n, l) => n + l.pv * l.qty, 0);
  const lvp = lines.reduce((n, l) => n + (l.lvp ?? 0) * l.qty, 0);
  const subtotal = lines.reduce((n, l) => n + satang(l.price) * BigInt(l.qty), 0n);
  const total = (Number(subtotal) / 100).toFixed(2);
  const orderNo = `RPT${String(++seq).padStart(4, '0')}`;
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into orders (order_no, member_id, order_type, package_code, pv_total, lvp_total, subtotal, total_amount,
      net_amount, lvp_used, points_used)
    values (${orderNo}, ${memberId}, ${type}, ${opts.pkg ?? null}, ${pv}, ${lvp}, ${total}, ${total}, ${total},
      ${opts.lvpUsed ?? 0}, ${opts.pointsUsed ?? '0'}) returning id`);
  const id = rows[0]!.id;
  const itemIds: number[] = [];
  for (const [i, l] of lines.entries()) {
    const { rows: item } = await tx.execute<{ id: number }>(sql`
      insert into order_items (order_id, line_no, product_code, product_name, qty, unit_price, member_price, retail_price,
        selling_price, pv_per_unit, lvp_per_unit)
      values (${id}, ${i + 1}, ${l.code}, ${l.name ?? l.code}, ${l.qty}, ${l.price}, ${l.memberPrice ?? l.price},
        ${l.price}, ${l.sellingPrice ?? null}, ${l.pv}, ${l.lvp ?? 0}) returning id`);
    itemIds.push(item[0]!.id);
  }
  return { id, orderNo, itemIds };
}

const at = (date: string) => ({
  date,
  at: new Date(startOfBangkokDay(date).getTime() + 3_600_000 + ++seq * 1000),
});
const after = (date: string) => ({
  date: addDays(date, 1),
  at: new Date(endOfBangkokDay(date).getTime() + 1),
});

export async function buildHistory(t: TestApp) {
  const db = t.database.db;
  const top = await seedTop(db);
  const topToken = await tokenOf(t.app, top.user.email);
  const b = await waitingMember(t.app, db, top.user.invitationCode);
  const c = await waitingMember(t.app, db, top.user.invitationCode);
  const other = await waitingMember(t.app, db, top.user.invitationCode);
  expectData(await place(t.app, topToken, b.memberId, top.member.id, 'left'), 201);
  expectData(await place(t.app, topToken, c.memberId, top.member.id, 'right'), 201);
  // A is payable: identity and bank verified, and an approved bank account to pay to.
  await t.database.pool.query(
    'update users set is_verifies_identity = true, is_verifies_bank = true where id = $1',
    [top.user.id],
  );
  await t.database.pool.query(
    `insert into bank_accounts (user_id, bank_code, account_no, account_name, account_type, status)
     values ($1, 'scb', '4021234567', 'Report Top', 'savings', 'success')`,
    [top.user.id],
  );
  const a = top.member.id;

  const paid = (
    memberId: number,
    type: 'PACKAGE' | 'REPURCHASE' | 'DROPSHIP',
    date: string,
    opts: Parameters<typeof insertOrder>[3],
  ) =>
    db.transaction(async (tx) => {
      const o = await insertOrder(tx, memberId, type, opts);
      await postPayment(tx, await planFor(tx, date), o.id, at(date));
      return o;
    });
  const cancel = (orderId: number, date: string) =>
    db.transaction(async (tx) => postCancellation(tx, await planFor(tx, date), orderId, at(date)));
  const closeThrough = async (from: string, to: string) => {
    for (let d = from; d <= to; d = addDays(d, 1))
      await runBusinessDay(db, d, { startedBy: 'test', now: after(d) });
  };

  const bundle = await addProduct(t, { kind: 'BUNDLE', code: 'RPTBUNDLE', pvPerUnit: 250, lvpPerUnit: 5 });
  const packageA = await paid(a, 'PACKAGE', DAYS.first, { pkg: 'SILVER', pv: 1500 });
  const packageB = await paid(b.memberId, 'PACKAGE', DAYS.first, { pkg: 'PLATINUM', pv: 9000 });
  await paid(c.memberId, 'PACKAGE', DAYS.first, { pkg: 'PLATINUM', pv: 9000 });
  await closeThrough(DAYS.first, DAYS.first);

  const r1 = await paid(b.memberId, 'REPURCHASE', DAYS.second, {
    lines: [{ code: 'P001', name: 'Herbal Tea', qty: 2, price: '350.00', pv: 150, lvp: 10 }],
  });
  const r2 = await paid(a, 'REPURCHASE', DAYS.second, {
    lines: [{ code: 'RPTBUNDLE', name: 'Bundle', qty: 1, price: '900.00', pv: 250, lvp: 5 }],
  });
  await db.execute(sql`
    insert into shop_order_lines (order_item_id, product_id, kind, bundle_items)
    values (${r2.itemIds[0]!}, ${bundle.id}, 'BUNDLE', ${JSON.stringify([{ code: 'P001', name: 'Herbal Tea', quantity: 2 }])}::jsonb)`);
  const r3 = await paid(c.memberId, 'REPURCHASE', DAYS.second, {
    lines: [{ code: 'P002', qty: 4, price: '100.00', pv: 100 }],
  });
  const dropship = await paid(a, 'DROPSHIP', DAYS.second, {
    lines: [
      {
        code: 'P001',
        name: 'Herbal Tea',
        qty: 2,
        price: '450.00',
        memberPrice: '350.00',
        sellingPrice: '450.00',
        pv: 150,
      },
      {
        code: 'P002',
        name: 'Soap',
        qty: 1,
        price: '300.00',
        memberPrice: '250.00',
        sellingPrice: '300.00',
        pv: 100,
      },
    ],
  });
  await closeThrough(DAYS.second, DAYS.second);

  await cancel(r1.id, DAYS.third);
  const r4 = await paid(c.memberId, 'REPURCHASE', DAYS.third, {
    lines: [{ code: 'P002', qty: 2, price: '100.00', pv: 100 }],
  });
  await closeThrough(DAYS.third, DAYS.third);

  // Part payment with LVP and points, canceled the next day (both come back).
  const r5 = await db.transaction(async (tx) => {
    const o = await insertOrder(tx, a, 'REPURCHASE', {
      lines: [{ code: 'P003', qty: 1, price: '200.00', pv: 100, lvp: 4 }],
      lvpUsed: 3,
      pointsUsed: '2.00',
    });
    await useLvp(tx, a, 3, o.orderNo, at(DAYS.fourth), o.id);
    await usePoints(tx, a, 200n, o.orderNo, at(DAYS.fourth), o.id);
    await postPayment(tx, await planFor(tx, DAYS.fourth), o.id, at(DAYS.fourth));
    return o;
  });
  await closeThrough(DAYS.fourth, DAYS.fourth);
  await cancel(r5.id, DAYS.fifth);
  // Closings through the payout of Tue 01-14, then the dropship sale canceled after it was paid.
  await closeThrough(DAYS.fifth, addDays(DAYS.dropshipCancel, -1));
  await cancel(dropship.id, DAYS.dropshipCancel);
  await closeThrough(DAYS.dropshipCancel, DAYS.last);

  // Not closed yet: today's side of the reports.
  const open = await paid(c.memberId, 'REPURCHASE', DAYS.open, {
    lines: [{ code: 'P002', qty: 1, price: '100.00', pv: 100 }],
  });
  await refreshVolumePreview(db);
  // An order never paid.
  const pending = await db.transaction((tx) =>
    insertOrder(tx, a, 'REPURCHASE', { lines: [{ code: 'P002', qty: 1, price: '100.00', pv: 100 }] }),
  );

  return {
    a,
    b: b.memberId,
    c: c.memberId,
    tokens: {
      a: topToken,
      b: await tokenOf(t.app, b.user.email),
      other: await tokenOf(t.app, other.user.email),
    },
    orders: { packageA, packageB, r1, r2, r3, r4, r5, dropship, open, pending },
    /** Pays one more order through the engine (for a day after the history). */
    pay: paid,
  };
}

export type History = Awaited<ReturnType<typeof buildHistory>>;

/** GET a report call of the network API; answers `data`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const report = async <T = any>(t: TestApp, token: string, path: string) =>
  expectData<T>(await call(t.app, 'GET', `/network/api/v1${path}`, { token }));

/** Rows of the test database. */
export const rows = async <T = Record<string, unknown>>(t: TestApp, text: string, params: unknown[] = []) =>
  (await t.database.pool.query(text, params)).rows as T[];
