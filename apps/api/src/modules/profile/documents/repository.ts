import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { MemberDocument } from '@portal/contracts/profile';
import { withTypeExtension, type UploadedFile } from '../../../lib/uploads';
import type { Db, Tx } from '../../../db/client';
import { documents } from '../../../db/schema/profile';
import { reasonFields } from '../kyc/reasons';

export type DocumentRow = typeof documents.$inferSelect;

/** The member's own download route; staff answers use the staff route instead. */
export const memberFileUrl = (id: number) => `/member/v1/me/documents/${id}/file`;
export const staffFileUrl = (id: number) => `/staff/v1/documents/${id}/file`;

export function toDocument(d: DocumentRow, fileUrl: (id: number) => string = memberFileUrl): MemberDocument {
  return {
    id: d.id,
    type: d.type as MemberDocument['type'],
    title: d.title,
    description: d.description,
    note: d.note,
    status: d.status as MemberDocument['status'],
    reason: d.reason,
    ...reasonFields(d.reason),
    file: {
      name: withTypeExtension(d.fileName, d.mimeType),
      mime_type: d.mimeType as MemberDocument['file']['mime_type'],
      size: d.size,
      url: fileUrl(d.id),
    },
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
    reviewed_at: d.reviewedAt ? d.reviewedAt.toISOString() : null,
  };
}

/** One of the member's documents; another member's id is simply not found. */
export async function findOwnDocument(
  db: Db | Tx,
  userId: number,
  id: number,
  lock = false,
): Promise<DocumentRow | null> {
  const q = db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function listDocuments(
  db: Db | Tx,
  userId: number,
  opts: { type?: string; page: number; perPage: number },
) {
  const where: SQL | undefined = and(
    eq(documents.userId, userId),
    opts.type ? eq(documents.type, opts.type) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(documents).where(where);
  const rows = await db
    .select()
    .from(documents)
    .where(where)
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage);
  return { rows, total };
}

export async function countDocuments(db: Db | Tx, userId: number): Promise<number> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(documents)
    .where(eq(documents.userId, userId));
  return n;
}

export type DocumentFields = Pick<typeof documents.$inferInsert, 'type' | 'title' | 'description' | 'note'>;

/** The stored file's columns: the server-made storage key and what was checked of the bytes. */
const fileColumns = (key: string, file: UploadedFile) => ({
  storageKey: key,
  fileName: file.name,
  mimeType: file.mime,
  size: file.data.length,
  sha256: file.sha256,
});

export async function insertDocument(
  tx: Tx,
  userId: number,
  fields: DocumentFields,
  file: { key: string; file: UploadedFile },
): Promise<DocumentRow> {
  const [created] = await tx
    .insert(documents)
    .values({ userId, ...fields, ...fileColumns(file.key, file.file) })
    .returning();
  return created!;
}

/**
 * Changes a document's fields; a new file also puts it back to draft, its review forgotten (a new
 * file is a new document for review).
 */
export async function updateDocument(
  tx: Tx,
  id: number,
  fields: Partial<DocumentFields>,
  file: { key: string; file: UploadedFile } | null,
): Promise<DocumentRow> {
  const [updated] = await tx
    .update(documents)
    .set({
      ...fields,
      ...(file
        ? {
            ...fileColumns(file.key, file.file),
            status: 'draft',
            reason: null,
            reviewTarget: null,
            reviewedBy: null,
            reviewedAt: null,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(documents.id, id))
    .returning();
  return updated!;
}

export async function deleteDocument(tx: Tx, id: number) {
  await tx.delete(documents).where(eq(documents.id, id));
}

/** Any member's document (staff). */
export async function documentById(db: Db | Tx, id: number): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row ?? null;
}
