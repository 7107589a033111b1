import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { lastPage } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import { MSG } from '@portal/contracts/messages';
import {
  MAX_DOCUMENTS,
  documentFields,
  documentListQuery,
  documentUpdateFields,
} from '@portal/contracts/profile';
import type { AppContext } from '../../../context';
import { documents } from '../../../db/schema/profile';
import { AppError } from '../../../lib/errors';
import {
  discard,
  newStorageKey,
  promoteUpload,
  readUpload,
  stageUpload,
  stagingKey,
} from '../../../lib/storage';
import {
  attachment,
  checkDocumentFile,
  parseFields,
  readMultipart,
  type UploadedFile,
} from '../../../lib/uploads';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { assertNotUnderReview, lockForMemberChange, refreshKyc } from '../kyc/service';
import { countDocuments, findOwnDocument, listDocuments, toDocument, type DocumentRow } from './repository';

const idParams = z.object({ id: bigintIdParam });
const notFoundDocument = () => new AppError(404, 'NOT_FOUND_DOCUMENT', MSG.notFoundDocument);
const approvedLocked = () => new AppError(409, 'CONFLICT', MSG.approvedLocked);
const tooMany = () => new AppError(422, 'VALIDATION_ERROR', MSG.tooMany, { file: [MSG.tooMany] });
const moveFailed = (request: FastifyRequest) => (err: unknown) =>
  request.log.error({ err }, 'moving a document into place failed; the start-up sweep finishes it');

/** Streams a stored document as a download: never rendered by the browser (DESIGN 5). */
export async function sendDocumentFile(ctx: AppContext, reply: FastifyReply, row: DocumentRow) {
  const data = await readUpload(ctx.storage, row.storageKey);
  if (!data) throw notFoundDocument();
  return attachment(reply, row.fileName, row.mimeType, data);
}

/**
 * The member's documents (multipart uploads). A file is checked by its bytes, then staged in
 * storage under a server-made name, then its row is written in a transaction, and only then is the
 * file moved into place (lib/storage). When the transaction fails the staged file is removed, so a
 * rejected upload leaves neither row nor file; a crash leaves at most a staged file, which the
 * start-up sweep removes (or moves into place when its row was committed).
 */
export const documentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 12, fieldSize: 4096, parts: 14 },
    });
    const max = ctx.config.uploadMaxBytes;

    app.get(
      '/v1/me/documents',
      { config: { access: 'user', suspended: 'kyc' }, schema: { querystring: documentListQuery } },
      async (request) => {
        const { page, per_page, type } = request.query;
        const { rows, total } = await listDocuments(ctx.db, userId(request), {
          type,
          page,
          perPage: per_page,
        });
        return envelope({
          items: rows.map((r) => toDocument(r)),
          pagination: { page, per_page, total, last_page: lastPage(total, per_page) },
        });
      },
    );

    app.post('/v1/me/documents', { config: { access: 'user', suspended: 'kyc' } }, async (request, reply) => {
      const uid = userId(request);
      const form = await readMultipart(request, max);
      const fields = parseFields(documentFields, form.fields);
      if (!form.file)
        throw new AppError(422, 'VALIDATION_ERROR', MSG.fileRequired, { file: [MSG.fileRequired] });
      const file = await checkDocumentFile(form.file, max);
      await assertNotUnderReview(ctx.db, uid);
      if ((await countDocuments(ctx.db, uid)) >= MAX_DOCUMENTS) throw tooMany();

      const key = newStorageKey('documents');
      await stageUpload(ctx.storage, key, file.data, (err) =>
        request.log.error({ err }, 'document upload failed'),
      );
      let row: DocumentRow;
      try {
        row = await ctx.db.transaction(async (tx) => {
          await lockForMemberChange(tx, uid);
          if ((await countDocuments(tx, uid)) >= MAX_DOCUMENTS) throw tooMany();
          const [created] = await tx
            .insert(documents)
            .values({
              userId: uid,
              type: fields.type,
              title: fields.title ?? null,
              description: fields.description ?? null,
              note: fields.note ?? null,
              ...fileColumns(key, file),
            })
            .returning();
          await refreshKyc(tx, uid);
          return created!;
        });
      } catch (err) {
        await discard(ctx.storage, [stagingKey(key)]);
        throw err;
      }
      await promoteUpload(ctx.storage, key, moveFailed(request));
      return reply.code(201).send(envelope(toDocument(row), 201));
    });

    app.get(
      '/v1/me/documents/:id',
      { config: { access: 'user', suspended: 'kyc' }, schema: { params: idParams } },
      async (request) => {
        const row = await findOwnDocument(ctx.db, userId(request), request.params.id);
        if (!row) throw notFoundDocument();
        return envelope(toDocument(row));
      },
    );

    const update = async (request: FastifyRequest<{ Params: { id: number } }>, methodRequired: boolean) => {
      const uid = userId(request);
      const form = await readMultipart(request, max);
      const existing = await findOwnDocument(ctx.db, uid, request.params.id);
      if (!existing) throw notFoundDocument();
      const fields = parseFields(documentUpdateFields, form.fields);
      if (methodRequired && !fields._method) {
        throw new AppError(422, 'VALIDATION_ERROR', 'Send _method=PUT to update a document', {
          _method: ['Send _method=PUT to update a document'],
        });
      }
      if (existing.status === 'success') throw approvedLocked();
      const file = form.file ? await checkDocumentFile(form.file, max) : null;
      await assertNotUnderReview(ctx.db, uid);

      const key = file ? newStorageKey('documents') : null;
      if (key && file)
        await stageUpload(ctx.storage, key, file.data, (err) =>
          request.log.error({ err }, 'document upload failed'),
        );
      let result: { row: DocumentRow; oldKey: string | null };
      try {
        result = await ctx.db.transaction(async (tx) => {
          await lockForMemberChange(tx, uid);
          const current = await findOwnDocument(tx, uid, request.params.id, true);
          if (!current) throw notFoundDocument();
          if (current.status === 'success') throw approvedLocked();
          const [updated] = await tx
            .update(documents)
            .set({
              ...(fields.type !== undefined ? { type: fields.type } : {}),
              ...(fields.title !== undefined ? { title: fields.title } : {}),
              ...(fields.description !== undefined ? { description: fields.description } : {}),
              ...(fields.note !== undefined ? { note: fields.note } : {}),
              // A new file is a new document for review: back to draft.
              ...(key && file
                ? {
                    ...fileColumns(key, file),
                    status: 'draft',
                    reason: null,
                    reviewTarget: null,
                    reviewedBy: null,
                    reviewedAt: null,
                  }
                : {}),
              updatedAt: new Date(),
            })
            .where(eq(documents.id, current.id))
            .returning();
          await refreshKyc(tx, uid);
          return { row: updated!, oldKey: key ? current.storageKey : null };
        });
      } catch (err) {
        if (key) await discard(ctx.storage, [stagingKey(key)]);
        throw err;
      }
      if (key) await promoteUpload(ctx.storage, key, moveFailed(request));
      await discard(ctx.storage, [result.oldKey]);
      return envelope(toDocument(result.row));
    };

    // The specification's form: POST with `_method=PUT` (browsers and some proxies only send POST multipart).
    app.post(
      '/v1/me/documents/:id',
      { config: { access: 'user', suspended: 'kyc' }, schema: { params: idParams } },
      (request) => update(request, true),
    );
    app.put(
      '/v1/me/documents/:id',
      { config: { access: 'user', suspended: 'kyc' }, schema: { params: idParams } },
      (request) => update(request, false),
    );

    app.delete(
      '/v1/me/documents/:id',
      { config: { access: 'user', suspended: 'kyc' }, schema: { params: idParams } },
      async (request) => {
        const uid = userId(request);
        const existing = await findOwnDocument(ctx.db, uid, request.params.id);
        if (!existing) throw notFoundDocument();
        if (existing.status === 'success') throw approvedLocked();
        const key = await ctx.db.transaction(async (tx) => {
          await lockForMemberChange(tx, uid);
          const current = await findOwnDocument(tx, uid, request.params.id, true);
          if (!current) throw notFoundDocument();
          if (current.status === 'success') throw approvedLocked();
          await tx.delete(documents).where(eq(documents.id, current.id));
          await refreshKyc(tx, uid);
          return current.storageKey;
        });
        await discard(ctx.storage, [key]);
        return envelope(null);
      },
    );

    app.get(
      '/v1/me/documents/:id/file',
      { config: { access: 'user', suspended: 'kyc' }, schema: { params: idParams } },
      async (request, reply) => {
        const row = await findOwnDocument(ctx.db, userId(request), request.params.id);
        if (!row) throw notFoundDocument();
        return sendDocumentFile(ctx, reply, row);
      },
    );
  };

function fileColumns(key: string, file: UploadedFile) {
  return {
    storageKey: key,
    fileName: file.name,
    mimeType: file.mime,
    size: file.data.length,
    sha256: file.sha256,
  };
}
