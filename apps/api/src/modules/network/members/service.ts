import type { z } from 'zod';
import { MSG } from '@portal/contracts/messages';
import type {
  manageMemberBody,
  manageMemberUpdate,
  memberSyncBody,
  NetworkMember,
} from '@portal/contracts/network';
import type { AppContext } from '../../../context';
import { AppError, notFound } from '../../../lib/errors';
import { businessNow } from '../../../lib/clock';
import { findUserByIdentifier } from '../../accounts';
import {
  findMember,
  insertMember,
  toNetworkMember,
  updateMember,
  updateUserNames,
  userExists,
} from './repository';

/**
 * The network member: what GET /me shows and what application clients create and change. Package,
 * title and expiry date come from the member row (the ledger keeps it, plan 1.1-1.3); `is_active` is
 * the standing rule "active on today's business date" (plan 1.2), not the account flag.
 */
type Ctx = Pick<AppContext, 'db' | 'config'>;
type Where = { userId: number } | { memberId: number };

async function shown(ctx: Ctx, where: Where): Promise<NetworkMember> {
  const row = await findMember(ctx.db, where);
  if (!row) throw notFound();
  const today = (await businessNow(ctx.db, ctx.config)).date;
  return toNetworkMember(ctx.db, row, today);
}

export const myNetworkMember = (ctx: Ctx, userId: number) => shown(ctx, { userId });
export const networkMemberById = (ctx: Ctx, memberId: number) => shown(ctx, { memberId });

/** Name and e-mail sync from the member API: an e-mail another user has is refused. */
export async function syncMember(ctx: Ctx, memberId: number, b: z.infer<typeof memberSyncBody>) {
  const row = await findMember(ctx.db, { memberId });
  if (!row) throw notFound();
  if (b.email) {
    const other = await findUserByIdentifier(ctx.db, { email: b.email });
    if (other && other.id !== row.user_id) {
      throw new AppError(422, 'USER_UPDATE_VALIDATE_ERROR', MSG.emailTaken, { email: [MSG.emailTaken] });
    }
  }
  await updateUserNames(ctx.db, row.user_id, b);
  return shown(ctx, { memberId });
}

/**
 * An application client creates the network member of a user; the same user twice gives the same
 * member (`created` false). An unknown user or referrer is refused.
 */
export async function createNetworkMember(
  ctx: Ctx,
  b: z.infer<typeof manageMemberBody>,
  createdBy: number | null,
): Promise<{ member: NetworkMember; created: boolean }> {
  if (!(await userExists(ctx.db, b.user_id)))
    throw new AppError(422, 'VALIDATION_ERROR', 'Unknown user', { user_id: ['Unknown user'] });
  if (b.referrer_member_id && !(await findMember(ctx.db, { memberId: b.referrer_member_id }))) {
    throw new AppError(422, 'VALIDATION_ERROR', MSG.invalidInvitation, {
      referrer_member_id: [MSG.invalidInvitation],
    });
  }
  const created = await insertMember(ctx.db, b, createdBy);
  return { member: await shown(ctx, { userId: b.user_id }), created };
}

export async function changeNetworkMember(
  ctx: Ctx,
  memberId: number,
  b: z.infer<typeof manageMemberUpdate>,
  updatedBy: number | null,
) {
  if (!(await updateMember(ctx.db, memberId, b, updatedBy))) throw notFound();
  return shown(ctx, { memberId });
}
