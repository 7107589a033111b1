import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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
