import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ClosingRequest } from '@portal/contracts/engine';
import { sql } from 'drizzle-orm';
import { startOfBangkokDay } from '@portal/plan/dates';
import { postPayment } from '../../src/compensation/ledger';
import { planFor } from '../../src/compensation/plan';
import type { Suspension } from '../../src/lib/tokens';
import { call, type TestApp } from './app';
import { expectData } from './expect';

/** The staff engine desk's API: `/staff/v1...` with a token. */
export const desk = (
  t: TestApp,
  method: 'GET' | 'POST',
  path: string,
  token: string | undefined,
  body?: unknown,
) => call(t.app, method, `/staff/v1${path}`, { token, body });

/** Closes each day on the staff desk, waiting for it, and fails on any run that is not DONE. */
export async function closeDays(t: TestApp, token: string, dates: readonly string[]) {
  for (const date of dates) {
    const done = expectData<ClosingRequest>(await desk(t, 'POST', '/closings?wait=true', token, { date }));
    expect(done.status, done.error ?? '').toBe('DONE');
  }
}

let n = 0;

export interface TreeMember {
  id: number;
  userId: number;
  code: string;
  depth: number;
}

/**
 * A member placed in the tree straight in the database (placement has tests of its own), KYC
 * verified with a verified bank account unless `verified` is false.
 */
export async function treeMember(
  t: TestApp,
  opts: {
    parent?: TreeMember;
    side?: 'left' | 'right';
    referrer?: TreeMember;
    verified?: boolean;
    firstName?: string;
  } = {},
): Promise<TreeMember> {
  const i = ++n;
  const tag = `${process.pid % 1000}${Date.now() % 100000}${i}`;
  const verified = opts.verified !== false;
  return t.database.db.transaction(async (tx) => {
    const { rows: users } = await tx.execute<{ id: number }>(sql`
      insert into users (email, mobile, password_hash, first_name, last_name, invitation_code, is_verifies_email,
        is_verifies_mobile, is_verifies_identity, is_verifies_bank, identity_type, identity_value)
      values (${`engine${tag}@test.example`}, ${`07${tag.slice(-8).padStart(8, '0')}`}, 'x',
        ${opts.firstName ?? 'สมาชิก'}, ${`ทดสอบ${i}`}, ${`E${tag}`.slice(0, 16)}, true, true, ${verified}, ${verified},
        ${verified ? 'id_card' : null}, ${verified ? `1${String(i).padStart(12, '0')}` : null})
      returning id`);
    const userId = users[0]!.id;
    const depth = opts.parent ? opts.parent.depth + 1 : 0;
    const { rows: members } = await tx.execute<{ id: number; member_code: string }>(sql`
      insert into members (user_id, member_code, referrer_member_id, placement_parent_id, side, depth, placed_at)
      values (${userId}, 'M' || lpad(nextval('member_code_seq')::text, 7, '0'), ${opts.referrer?.id ?? null},
        ${opts.parent?.id ?? null}, ${opts.parent ? (opts.side ?? 'left') : null}, ${depth}, now())
      returning id, member_code`);
    if (verified) {
      await tx.execute(sql`
        insert into bank_accounts (user_id, bank_code, account_no, account_name, account_type, status)
        values (${userId}, 'kbank', ${`12345${String(i).padStart(5, '0')}`}, ${`${opts.firstName ?? 'สมาชิก'} ทดสอบ${i}`},
          'savings', 'success')`);
    }
    return { id: members[0]!.id, userId, code: members[0]!.member_code, depth };
  });
}

/** An order paid on a business date, posted by the engine as a payment posts it. */
export async function paid(
  t: TestApp,
  memberId: number,
  type: 'PACKAGE' | 'REPURCHASE',
  pv: number,
  date: string,
  packageCode?: string,
) {
  return t.database.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into orders (order_no, member_id, order_type, package_code, pv_total)
      values (${`T${randomUUID().slice(0, 12)}`}, ${memberId}, ${type}, ${packageCode ?? null}, ${pv}) returning id`);
    await postPayment(tx, await planFor(tx, date), rows[0]!.id, {
      date,
      at: new Date(startOfBangkokDay(date).getTime() + ++n * 1000),
    });
    return rows[0]!.id;
  });
}

/** An access token of a member's own, signed as the sign-in signs one (for members made by `treeMember`). */
export async function memberTokenOf(t: TestApp, userId: number, suspension: Suspension = 'none') {
  const { token } = await t.app.ctx.signer.userToken({
    userId,
    userType: 'member',
    clientId: 'portal-web',
    sessionId: randomUUID(),
    suspension,
  });
  return token;
}
