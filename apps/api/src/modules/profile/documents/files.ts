import type { FastifyReply } from 'fastify';
import { DOCUMENT_MIME_TYPES } from '@portal/contracts/profile';
import type { AppContext } from '../../../context';
import { attachment } from '../../../lib/uploads';
import { fileAnswer } from '../../../plugins/responses';
import type { DocumentRow } from './repository';
import { documentFile } from './service';

/** A document downloads as the file it is: never rendered by the browser (README, Conventions: uploads). */
export const documentFileAnswer = fileAnswer(DOCUMENT_MIME_TYPES, 'The document, as an attachment');

/** Streams a stored document as a download (the member's route and the staff's). */
export async function sendDocumentFile(ctx: AppContext, reply: FastifyReply, row: DocumentRow) {
  const file = await documentFile(ctx, row);
  return attachment(reply, file.name, file.mime, file.data);
}
