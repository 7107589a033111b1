import type { FastifyRequest } from 'fastify';
import type { DocumentView } from '@portal/contracts/privacy';
import { pageAnswer, type Page } from '@portal/contracts/envelope';
import type { Db } from '../../../db/client';
import { documentViewPage, insertDocumentViews } from './views-repository';

/**
 * Staff views of a member's documents (issue 22, item 5; decision 044): each KYC case opened logs
 * one line per document it lists, each file downloaded one line. The person is the signed-in staff
 * user, or the application client when a partner system reads.
 */
export async function logDocumentViews(
  db: Db,
  request: FastifyRequest,
  action: 'case' | 'file',
  docs: readonly { id: number; userId: number; type: string }[],
): Promise<void> {
  const p = request.principal;
  await insertDocumentViews(
    db,
    docs.map((d) => ({
      ownerUserId: d.userId,
      documentId: d.id,
      documentType: d.type,
      staffUserId: p?.kind === 'user' ? p.userId : null,
      clientId: p?.kind === 'app' ? p.clientId : null,
      action,
    })),
  );
}

export async function documentViews(
  db: Db,
  ownerUserId: number,
  query: { page: number; per_page: number },
): Promise<Page<DocumentView>> {
  const { rows, total } = await documentViewPage(db, ownerUserId, query.page, query.per_page);
  return pageAnswer(
    rows.map((r) => ({
      id: r.id,
      document_id: r.documentId,
      document_type: r.documentType,
      action: r.action as DocumentView['action'],
      viewer: r.viewer,
      viewed_at: r.viewedAt.toISOString(),
    })),
    total,
    query,
  );
}
