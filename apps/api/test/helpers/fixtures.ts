import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { LoginResult, User } from '@portal/contracts/identity';
import type { Db } from '../../src/db/client';
import { users } from '../../src/db/schema/identity';
import { members } from '../../src/db/schema/network';
import { hashPassword } from '../../src/lib/passwords';
import { appToken, call } from './app';

export const PASSWORD = 'secret-pass-123';

let counter = 0;
const unique = () => `${process.pid}${Date.now().toString().slice(-5)}${counter++}`;
/**
 * Eight digits that never repeat within a process (each test file has its own database), unlike
 * the tail of `unique()`, whose digits shift once the counter grows a digit.
 */
const serial = () => String(counter).padStart(8, '0');

/** The top of a network: a verified member whose invitation code others can use. */
export async function seedSponsor(
  db: Db,
  opts: { email?: string; mobile?: string; invitationCode?: string } = {},
) {
  const seq = serial();
  const n = unique();
  const [user] = await db
    .insert(users)
    .values({
      email: opts.email ?? `sponsor${n}@test.example`,
      mobile: opts.mobile ?? `09${seq}`,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Sponsor',
      lastName: 'Top',
      invitationCode: opts.invitationCode ?? `S${seq}`,
      isVerifiesEmail: true,
      isVerifiesMobile: true,
    })
    .returning();
  const [member] = await db
    .insert(members)
    .values({ userId: user!.id, memberCode: sql`'M' || lpad(nextval('member_code_seq')::text, 7, '0')` })
    .returning();
  return { user: user!, member: member! };
}

export function registration(invitationCode: string, overrides: Record<string, unknown> = {}) {
  const seq = serial();
  const n = unique();
  return {
    first_name: 'สมหญิง',
    last_name: 'ทดสอบ',
    email: `member${n}@test.example`,
    mobile: `08${seq}`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    gender: 'female',
    country_id: 764,
    authen_type_default: 'mobile',
    ref_uuid: invitationCode,
    is_sync: 0,
    accept_terms: true,
    accept_privacy: true,
    ...overrides,
  };
}

export async function register(
  app: FastifyInstance,
  invitationCode: string,
  overrides: Record<string, unknown> = {},
) {
  const body = registration(invitationCode, overrides);
  const res = await call(app, 'POST', '/member/v1/users', { token: await appToken(app), body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  return { user: res.json().data as User, body };
}

export async function login(app: FastifyInstance, username: string, password = PASSWORD) {
  const res = await call(app, 'POST', '/member/v1/login', { body: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'portal_rt');
  return { ...(res.json().data as LoginResult), cookie };
}
