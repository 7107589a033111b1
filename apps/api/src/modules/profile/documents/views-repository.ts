import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { users } from '../../../db/schema/identity';
import { documentViews } from '../../../db/schema/privacy';

export interface DocumentViewInput {
  ownerUserId: number;
  documentId: number;
  documentType: string;
  staffUserId: number | null;
  clientId: string | null;
  action: 'case' | 'file';
}

export async function insertDocumentViews(db: Db | Tx, views: DocumentViewInput[]): Promise<void> {
  if (views.length > 0) await db.insert(documentViews).values(views);
}

/** A page of the views of the member's documents, newest first, with the viewer's short name. */
export async function documentViewPage(db: Db | Tx, ownerUserId: number, page: number, perPage: number) {
  const where = eq(documentViews.ownerUserId, ownerUserId);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(documentViews).where(where);
  const rows = await db
    .select({
      id: documentViews.id,
      documentId: documentViews.documentId,
      documentType: documentViews.documentType,
      action: documentViews.action,
      viewedAt: documentViews.viewedAt,
      viewer: sql<string | null>`case when ${users.id} is null then null
        else ${users.firstName} || coalesce(' ' || nullif(left(${users.lastName}, 1), '') || '.', '') end`,
    })
    .from(documentViews)
    .leftJoin(users, eq(users.id, documentViews.staffUserId))
    .where(where)
    .orderBy(desc(documentViews.viewedAt), desc(documentViews.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total };
}

/** Every view of the member's documents, oldest first (their data export). */
export function allDocumentViews(db: Db | Tx, ownerUserId: number) {
  return documentViewPage(db, ownerUserId, 1, 1_000_000).then(({ rows }) => rows.reverse());
}
