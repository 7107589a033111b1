import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { notifications } from '../../../db/schema/identity';

export type NotificationRow = typeof notifications.$inferSelect;

export async function countNotifications(db: Db, userId: number, unreadOnly = false): Promise<number> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      unreadOnly
        ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
        : eq(notifications.userId, userId),
    );
  return n;
}

/** Newest first. */
export async function pageOfNotifications(
  db: Db,
  userId: number,
  limit: number,
  offset: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
}

/** Marks one of the user's notifications read; false when it is not theirs or does not exist. */
export async function markRead(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: number) {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
