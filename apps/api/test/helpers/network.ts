import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { startOfBangkokDay } from '@portal/plan/dates';
import { postPayment } from '../../src/compensation/ledger';
import { planFor } from '../../src/compensation/plan';
import { members } from '../../src/db/schema/network';
import type { Db } from '../../src/db/client';
import { call } from './app';
import { login, register, seedSponsor } from './fixtures';

/** The top of a tree: a verified member placed at depth 0 (its jump pointer is itself). */
export async function seedTop(db: Db) {
  const top = await seedSponsor(db);
  await db
    .update(members)
    .set({ depth: 0, jumpId: top.member.id, placedAt: new Date() })
    .where(sql`id = ${top.member.id}`);
  return top;
}

export async function memberIdOf(db: Db, userId: number): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`select id from members where user_id = ${userId}`);
  return rows[0]!.id;
}

/** A registered member waiting to be placed, referred by the owner of `invitationCode`. */
export async function waitingMember(
  app: FastifyInstance,
  db: Db,
  invitationCode: string,
  overrides: Record<string, unknown> = {},
) {
  const { user, body } = await register(app, invitationCode, overrides);
  return { user, body, memberId: await memberIdOf(db, user.id) };
}

export const net = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token: string,
  body?: unknown,
) => call(app, method, `/network/api/v1${path}`, { token, body });

export async function place(
  app: FastifyInstance,
  token: string,
  memberId: number,
  uplineId: number,
  position: 'left' | 'right',
) {
  return net(app, 'POST', '/member_downline', token, {
    member_id: memberId,
    upline_member_id: uplineId,
    position,
    confirm: true,
  });
}

/** Signs a member in and returns their access token. */
export const tokenOf = async (app: FastifyInstance, email: string) => (await login(app, email)).access_token;

/**
 * The smallest binary team with income: a top member A with two members placed under it, left and
 * right, each buying a package paid on `day` (A SILVER 1,500 PV, the two PLATINUM 9,000 PV: that
 * day's closing gives A 18 cycles and two referrer lines). With `payable`, A's identity and bank are
 * verified and A has an approved bank account. Answers the three member ids and their order ids.
 */
export async function topWithTwoPackages(
  t: { app: FastifyInstance; database: { db: Db; pool: pg.Pool } },
  day: string,
  { payable = false }: { payable?: boolean } = {},
) {
  const top = await seedTop(t.database.db);
  const token = await tokenOf(t.app, top.user.email);
  const left = await waitingMember(t.app, t.database.db, top.user.invitationCode);
  const right = await waitingMember(t.app, t.database.db, top.user.invitationCode);
  for (const [m, side] of [
    [left, 'left'],
    [right, 'right'],
  ] as const) {
    const res = await place(t.app, token, m.memberId, top.member.id, side);
    if (res.statusCode !== 201) throw new Error(`placing ${side}: ${res.statusCode} ${res.body}`);
  }
  if (payable) {
    await t.database.pool.query(
      `update users set is_verifies_identity = true, is_verifies_bank = true where id = $1`,
      [top.user.id],
    );
    await t.database.pool.query(
      `insert into bank_accounts (user_id, bank_code, account_no, account_name, account_type, status)
       values ($1, 'kbank', '1234567890', 'Sponsor Top', 'savings', 'success')`,
      [top.user.id],
    );
  }
  const ids = { a: top.member.id, b: left.memberId, c: right.memberId };
  const orders: number[] = [];
  let k = 0;
  for (const [memberId, pkg, pv] of [
    [ids.a, 'SILVER', 1500],
    [ids.b, 'PLATINUM', 9000],
    [ids.c, 'PLATINUM', 9000],
  ] as const) {
    await t.database.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into orders (order_no, member_id, order_type, package_code, pv_total)
        values (${`T${top.member.id}-${++k}`}, ${memberId}, 'PACKAGE', ${pkg}, ${pv}) returning id`);
      orders.push(rows[0]!.id);
      await postPayment(tx, await planFor(tx, day), rows[0]!.id, {
        date: day,
        at: new Date(startOfBangkokDay(day).getTime() + 3_600_000 + k * 1000),
      });
    });
  }
  return { ...ids, orders };
}
