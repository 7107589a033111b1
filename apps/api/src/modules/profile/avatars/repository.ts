import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema/identity';

/** The avatar URLs of these users (not deleted). */
export async function avatarsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, original: users.avatarOriginal, thumbnail: users.avatarThumbnail })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
}
