import type { z } from 'zod';
import { pageAnswer, type Page } from '@portal/contracts/envelope';
import type { User, updateUserBody } from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { AppError, notFound } from '../../../lib/errors';
import { endUserAccess } from '../session/access';
import { revokeUserSessions } from '../session/refresh-tokens';
import {
  findUserByIdentifier,
  loadUser,
  loadUsers,
  pageOfUserIds,
  softDeleteUser,
  updateUserRow,
} from './repository';

/** Users as staff and confidential clients manage them. */

export async function userPage(
  db: Db,
  query: { page: number; per_page: number; search?: string },
): Promise<Page<User>> {
  const { page, per_page } = query;
  const { total, ids } = await pageOfUserIds(db, query.search, per_page, (page - 1) * per_page);
  return pageAnswer(await loadUsers(db, ids), total, query);
}

export async function userById(db: Db, userId: number): Promise<User> {
  const user = await loadUser(db, userId);
  if (!user) throw notFound();
  return user;
}

/**
 * A change by staff: an e-mail another user has is refused; a verification flag set or cleared
 * stamps or clears its date; switching the account off ends its sessions and tokens at once.
 */
export async function updateUserByStaff(
  ctx: AppContext,
  userId: number,
  b: z.output<typeof updateUserBody>,
): Promise<User> {
  const existing = await userById(ctx.db, userId);
  if (b.email && b.email !== existing.email.toLowerCase()) {
    const other = await findUserByIdentifier(ctx.db, { email: b.email });
    if (other && other.id !== userId) {
      throw new AppError(422, 'USER_UPDATE_VALIDATE_ERROR', MSG.emailTaken, { email: [MSG.emailTaken] });
    }
  }
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await updateUserRow(tx, userId, {
      firstName: b.first_name,
      lastName: b.last_name,
      email: b.email,
      isActive: b.is_active,
      isSync: b.is_sync,
      isVerifiesEmail: b.is_verifies_email,
      emailVerifiedAt: b.is_verifies_email === undefined ? undefined : b.is_verifies_email ? now : null,
      isVerifiesMobile: b.is_verifies_mobile,
      mobileVerifiedAt: b.is_verifies_mobile === undefined ? undefined : b.is_verifies_mobile ? now : null,
      updatedAt: now,
    });
    if (b.is_active === false) {
      await revokeUserSessions(tx, userId);
      await endUserAccess(ctx, [userId], tx);
    }
  });
  // Soft-deleted meanwhile: the user is gone.
  return userById(ctx.db, userId);
}

/** Soft delete: the row stays for the network's history; the account can no longer sign in. */
export async function deleteUserByStaff(ctx: AppContext, userId: number) {
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await softDeleteUser(tx, userId))) return false;
    await revokeUserSessions(tx, userId);
    await endUserAccess(ctx, [userId], tx);
    return true;
  });
  if (!done) throw notFound();
}
