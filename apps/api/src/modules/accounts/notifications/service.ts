import { pageAnswer, type Page } from '@portal/contracts/envelope';
import type { Notification } from '@portal/contracts/identity';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import {
  countNotifications,
  markAllRead,
  markRead,
  pageOfNotifications,
  type NotificationRow,
} from './repository';

const toNotification = (n: NotificationRow): Notification => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  title_th: n.titleTh,
  body: n.body,
  body_th: n.bodyTh,
  read_at: n.readAt?.toISOString() ?? null,
  created_at: n.createdAt.toISOString(),
});

/** The user's notifications, newest first, a page at a time. */
export async function myNotifications(
  db: Db,
  userId: number,
  query: { page: number; per_page: number },
): Promise<Page<Notification>> {
  const { page, per_page } = query;
  const total = await countNotifications(db, userId);
  const rows = await pageOfNotifications(db, userId, per_page, (page - 1) * per_page);
  return pageAnswer(rows.map(toNotification), total, query);
}

/** One of the user's own notifications is read; another user's answers 404 as if it did not exist. */
export async function readNotification(db: Db, userId: number, id: number) {
  if (!(await markRead(db, userId, id))) throw notFound();
}

export const unreadCount = (db: Db, userId: number) => countNotifications(db, userId, true);

export const readAll = (db: Db, userId: number) => markAllRead(db, userId);
