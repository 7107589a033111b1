import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { consents } from '../../../db/schema/privacy';
import type { LegalDocumentKind } from '@portal/contracts/privacy';

export interface ConsentRow {
  document: LegalDocumentKind;
  version: string;
  acceptedAt: Date;
}

/** Records acceptances; append-only (the newest row per document counts). */
export async function insertConsents(
  db: Db | Tx,
  userId: number,
  accepted: { document: LegalDocumentKind; version: string }[],
  meta: { ip: string | null; source: 'registration' | 'sign-in' },
): Promise<void> {
  if (accepted.length === 0) return;
  await db
    .insert(consents)
    .values(accepted.map((a) => ({ userId, document: a.document, version: a.version, ...meta })));
}

/** The newest acceptance of each document by the user. */
export async function latestConsents(db: Db | Tx, userId: number): Promise<ConsentRow[]> {
  const rows = await db
    .selectDistinctOn([consents.document], {
      document: consents.document,
      version: consents.version,
      acceptedAt: consents.acceptedAt,
    })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(consents.document, desc(consents.acceptedAt), desc(consents.id));
  return rows as ConsentRow[];
}

/** Every acceptance of the user, newest first (their data export). */
export async function allConsents(db: Db | Tx, userId: number) {
  return db
    .select()
    .from(consents)
    .where(and(eq(consents.userId, userId)))
    .orderBy(desc(consents.acceptedAt), desc(consents.id));
}
