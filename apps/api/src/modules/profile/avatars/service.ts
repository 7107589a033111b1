import { randomUUID } from 'node:crypto';
import type { UserAvatar } from '@portal/contracts/profile';
import type { Db } from '../../../db/client';
import type { Avatar } from '../../../lib/images';
import { discard, promoteUpload, stageUpload, stagingKey, type Storage } from '../../../lib/storage';
import { AVATAR_PATH } from '../../../lib/avatar-urls';
import { avatarsOf } from './repository';

export { AVATAR_NAME, AVATAR_PATH, avatarKeyOfUrl } from '../../../lib/avatar-urls';

/**
 * Stages both sizes under one fresh random name (lib/storage: staged files are moved into place
 * by promoteAvatar once the user row is committed); returns their URLs and keys.
 */
export async function stageAvatar(storage: Storage, avatar: Avatar) {
  const id = randomUUID();
  const keys = {
    original: `avatars/${id}-original.${avatar.ext}`,
    thumbnail: `avatars/${id}-thumbnail.${avatar.ext}`,
  };
  await stageUpload(storage, keys.original, avatar.original);
  try {
    await stageUpload(storage, keys.thumbnail, avatar.thumbnail);
  } catch (err) {
    await discardStagedAvatar(storage, keys);
    throw err;
  }
  return {
    keys,
    urls: {
      original: `${AVATAR_PATH}${id}-original.${avatar.ext}`,
      thumbnail: `${AVATAR_PATH}${id}-thumbnail.${avatar.ext}`,
    },
  };
}

/** After the user row is committed: both sizes into place. */
export async function promoteAvatar(
  storage: Storage,
  keys: { original: string; thumbnail: string },
  log?: (err: unknown) => void,
) {
  await promoteUpload(storage, keys.original, log);
  await promoteUpload(storage, keys.thumbnail, log);
}

/** When the user row was not written: the staged files go. */
export async function discardStagedAvatar(storage: Storage, keys: { original: string; thumbnail: string }) {
  await discard(storage, [stagingKey(keys.original), stagingKey(keys.thumbnail)]);
}

/** The avatars of these users, in the order asked; unknown or deleted users are left out. */
export async function userAvatars(db: Db, ids: number[]): Promise<UserAvatar[]> {
  const rows = await avatarsOf(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ user_id: r.id, thumbnail: r.thumbnail, original: r.original }] : [];
  });
}
