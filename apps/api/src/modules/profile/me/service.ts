import type { z } from 'zod';
import type { User } from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import { normaliseIdentityValue, type updateProfileBody } from '@portal/contracts/profile';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { decodeBase64Image, makeAvatar } from '../../../lib/images';
import { discard } from '../../../lib/storage';
import { avatarKeyOfUrl, discardStagedAvatar, promoteAvatar, stageAvatar } from '../avatars/service';
import { assertNotUnderReview, lockForMemberChange, refreshKyc } from '../kyc/service';
import { loadUser } from '../../accounts';
import { identityVerified, updateUser } from './repository';

/** The signed-in user; a token outliving its (deleted or switched off) account is no longer a session. */
export async function currentUser(ctx: AppContext, id: number): Promise<User> {
  const user = await loadUser(ctx.db, id);
  if (!user || !user.is_active) throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
  return user;
}

/**
 * Profile fields, the identity number, and the avatar. Name, birthday and identity number feed the
 * KYC: they are locked while it is reviewed and once identity is verified (409). The avatar is
 * decoded, checked and re-encoded before anything is written; its files are staged, moved into place
 * only once the row is committed (a failure removes them; a crash leaves them to the start-up sweep),
 * and a replaced avatar's files are removed after the commit.
 */
export async function updateProfile(
  ctx: AppContext,
  id: number,
  b: z.output<typeof updateProfileBody>,
  onMoveFailed: (err: unknown) => void,
): Promise<User> {
  const user = await currentUser(ctx, id);
  const identityValue =
    b.identity_type && b.identity_value
      ? normaliseIdentityValue(b.identity_type, b.identity_value)
      : b.identity_value === null
        ? null
        : undefined;
  const identityType = b.identity_value === null && !b.identity_type ? null : b.identity_type;
  const changes = (next: unknown, now: unknown) => next !== undefined && next !== now;
  const touchesIdentity =
    changes(b.first_name, user.first_name) ||
    changes(b.last_name, user.last_name) ||
    changes(b.birthday, user.birthday) ||
    changes(identityType, user.identity_type) ||
    changes(identityValue, user.identity_value);
  if (touchesIdentity) {
    if (user.is_verifies_identity) throw new AppError(409, 'CONFLICT', MSG.identityLocked);
    await assertNotUnderReview(ctx.db, id);
  }
  const avatar = b.avatar_base64
    ? await makeAvatar(decodeBase64Image(b.avatar_base64, ctx.config.avatarMaxBytes))
    : null;
  const stored = avatar ? await stageAvatar(ctx.storage, avatar) : null;
  try {
    await ctx.db.transaction(async (tx) => {
      if (touchesIdentity) {
        await lockForMemberChange(tx, id);
        if (await identityVerified(tx, id)) throw new AppError(409, 'CONFLICT', MSG.identityLocked);
      }
      await updateUser(tx, id, {
        firstName: b.first_name,
        lastName: b.last_name,
        birthday: b.birthday,
        gender: b.gender,
        language: b.language,
        notifyEmail: b.notify_email,
        notifySms: b.notify_sms,
        identityType,
        identityValue,
        ...(stored ? { avatarOriginal: stored.urls.original, avatarThumbnail: stored.urls.thumbnail } : {}),
        ...(b.avatar_base64 === null ? { avatarOriginal: null, avatarThumbnail: null } : {}),
      });
      if (touchesIdentity) await refreshKyc(tx, id);
    });
  } catch (err) {
    if (stored) await discardStagedAvatar(ctx.storage, stored.keys);
    throw err;
  }
  if (stored) await promoteAvatar(ctx.storage, stored.keys, onMoveFailed);
  if (stored || b.avatar_base64 === null) {
    await discard(ctx.storage, [
      avatarKeyOfUrl(user.images.avatar.original),
      avatarKeyOfUrl(user.images.avatar.thumbnail),
    ]);
  }
  return currentUser(ctx, id);
}
