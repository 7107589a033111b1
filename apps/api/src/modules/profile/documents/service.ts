import { pageAnswer, type Page } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import {
  MAX_DOCUMENTS,
  documentFields,
  documentUpdateFields,
  type DocumentType,
  type MemberDocument,
} from '@portal/contracts/profile';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import {
  discard,
  newStorageKey,
  promoteUpload,
  readUpload,
  stageUpload,
  stagingKey,
} from '../../../lib/storage';
import { checkDocumentFile, parseFields, type MultipartForm, type UploadedFile } from '../../../lib/uploads';
import { assertNotUnderReview, lockForMemberChange, refreshKyc } from '../kyc/service';
import {
  countDocuments,
  deleteDocument,
  findOwnDocument,
  insertDocument,
  listDocuments,
  toDocument,
  updateDocument,
  type DocumentRow,
} from './repository';

/**
 * The member's documents for the KYC. A file is checked by its bytes, then staged in storage under a
 * server-made name, then its row is written in a transaction (which also refreshes the KYC), and only
 * then is the file moved into place (lib/storage). When the transaction fails the staged file is
 * removed, so a rejected upload leaves neither row nor file; a crash leaves at most a staged file,
 * which the start-up sweep removes (or moves into place when its row was committed). Nothing changes
 * while staff review the KYC, and an approved document is locked.
 */
type Ctx = Pick<AppContext, 'db' | 'storage' | 'config'>;
/** Where a failure that the member does not see is written (the request's log). */
export type Log = (err: unknown, message: string) => void;

const notFoundDocument = () => new AppError(404, 'NOT_FOUND_DOCUMENT', MSG.notFoundDocument);
const approvedLocked = () => new AppError(409, 'CONFLICT', MSG.approvedLocked);
const tooMany = () => new AppError(422, 'VALIDATION_ERROR', MSG.tooMany, { file: [MSG.tooMany] });

export async function listMyDocuments(
  ctx: Ctx,
  userId: number,
  q: { page: number; per_page: number; type?: DocumentType },
): Promise<Page<MemberDocument>> {
  const { rows, total } = await listDocuments(ctx.db, userId, {
    type: q.type,
    page: q.page,
    perPage: q.per_page,
  });
  return pageAnswer(
    rows.map((r) => toDocument(r)),
    total,
    q,
  );
}

export async function myDocument(ctx: Ctx, userId: number, id: number): Promise<MemberDocument> {
  const row = await findOwnDocument(ctx.db, userId, id);
  if (!row) throw notFoundDocument();
  return toDocument(row);
}

/** Stages the file; runs `write`; moves the file into place, or removes it when `write` failed. */
async function withStagedFile<T>(
  ctx: Ctx,
  file: UploadedFile | null,
  log: Log,
  write: (key: string | null) => Promise<T>,
) {
  const key = file ? newStorageKey('documents') : null;
  if (key && file)
    await stageUpload(ctx.storage, key, file.data, (err) => log(err, 'document upload failed'));
  let result: T;
  try {
    result = await write(key);
  } catch (err) {
    if (key) await discard(ctx.storage, [stagingKey(key)]);
    throw err;
  }
  if (key)
    await promoteUpload(ctx.storage, key, (err) =>
      log(err, 'moving a document into place failed; the start-up sweep finishes it'),
    );
  return result;
}

export async function uploadDocument(
  ctx: Ctx,
  userId: number,
  form: MultipartForm,
  log: Log,
): Promise<MemberDocument> {
  const fields = parseFields(documentFields, form.fields);
  if (!form.file) throw new AppError(422, 'VALIDATION_ERROR', MSG.fileRequired, { file: [MSG.fileRequired] });
  const file = await checkDocumentFile(form.file, ctx.config.uploadMaxBytes);
  await assertNotUnderReview(ctx.db, userId);
  if ((await countDocuments(ctx.db, userId)) >= MAX_DOCUMENTS) throw tooMany();
  const row = await withStagedFile(ctx, file, log, (key) =>
    ctx.db.transaction(async (tx) => {
      await lockForMemberChange(tx, userId);
      if ((await countDocuments(tx, userId)) >= MAX_DOCUMENTS) throw tooMany();
      const created = await insertDocument(
        tx,
        userId,
        {
          type: fields.type,
          title: fields.title ?? null,
          description: fields.description ?? null,
          note: fields.note ?? null,
        },
        { key: key!, file },
      );
      await refreshKyc(tx, userId);
      return created;
    }),
  );
  return toDocument(row);
}

/**
 * Changes a document's fields and, when a file comes with them, its file (back to draft). The
 * specification's form is POST with `_method=PUT` (`methodRequired`); PUT works too.
 */
export async function changeDocument(
  ctx: Ctx,
  userId: number,
  id: number,
  form: MultipartForm,
  methodRequired: boolean,
  log: Log,
): Promise<MemberDocument> {
  const existing = await findOwnDocument(ctx.db, userId, id);
  if (!existing) throw notFoundDocument();
  const fields = parseFields(documentUpdateFields, form.fields);
  if (methodRequired && !fields._method) {
    throw new AppError(422, 'VALIDATION_ERROR', 'Send _method=PUT to update a document', {
      _method: ['Send _method=PUT to update a document'],
    });
  }
  if (existing.status === 'success') throw approvedLocked();
  const file = form.file ? await checkDocumentFile(form.file, ctx.config.uploadMaxBytes) : null;
  await assertNotUnderReview(ctx.db, userId);

  const result = await withStagedFile(ctx, file, log, (key) =>
    ctx.db.transaction(async (tx) => {
      await lockForMemberChange(tx, userId);
      const current = await findOwnDocument(tx, userId, id, true);
      if (!current) throw notFoundDocument();
      if (current.status === 'success') throw approvedLocked();
      const row = await updateDocument(
        tx,
        current.id,
        {
          ...(fields.type !== undefined ? { type: fields.type } : {}),
          ...(fields.title !== undefined ? { title: fields.title } : {}),
          ...(fields.description !== undefined ? { description: fields.description } : {}),
          ...(fields.note !== undefined ? { note: fields.note } : {}),
        },
        key && file ? { key, file } : null,
      );
      await refreshKyc(tx, userId);
      return { row, oldKey: key ? current.storageKey : null };
    }),
  );
  await discard(ctx.storage, [result.oldKey]);
  return toDocument(result.row);
}

export async function removeDocument(ctx: Ctx, userId: number, id: number): Promise<void> {
  const existing = await findOwnDocument(ctx.db, userId, id);
  if (!existing) throw notFoundDocument();
  if (existing.status === 'success') throw approvedLocked();
  const key = await ctx.db.transaction(async (tx) => {
    await lockForMemberChange(tx, userId);
    const current = await findOwnDocument(tx, userId, id, true);
    if (!current) throw notFoundDocument();
    if (current.status === 'success') throw approvedLocked();
    await deleteDocument(tx, current.id);
    await refreshKyc(tx, userId);
    return current.storageKey;
  });
  await discard(ctx.storage, [key]);
}

/** A stored document's bytes with its display name and type, for a download. */
export async function documentFile(ctx: Pick<Ctx, 'storage'>, row: DocumentRow) {
  const data = await readUpload(ctx.storage, row.storageKey);
  if (!data) throw notFoundDocument();
  return { name: row.fileName, mime: row.mimeType, data };
}

export async function myDocumentFile(ctx: Ctx, userId: number, id: number) {
  const row = await findOwnDocument(ctx.db, userId, id);
  if (!row) throw notFoundDocument();
  return documentFile(ctx, row);
}
