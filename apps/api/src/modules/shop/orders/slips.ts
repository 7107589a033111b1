import { DOCUMENT_MIME_TYPES } from '@portal/contracts/profile';
import type { AppContext } from '../../../context';
import { attachment } from '../../../lib/uploads';
import { readUpload } from '../../../lib/storage';
import { fileAnswer } from '../../../plugins/responses';
import { shopErrors } from '../errors';
import { slipOfOrder } from '../payments/repository';

/** A slip of this order as a download (never rendered by the browser): its buyer and staff only. */
export const slipFileAnswer = fileAnswer(
  DOCUMENT_MIME_TYPES,
  "The transfer slip's picture, as an attachment",
);
export async function sendSlip(
  ctx: AppContext,
  reply: Parameters<typeof attachment>[0],
  orderId: number,
  slipId: number,
) {
  const slip = await slipOfOrder(ctx.db, orderId, slipId);
  const data = slip ? await readUpload(ctx.storage, slip.storageKey) : null;
  if (!slip || !data) throw shopErrors.orderNotFound();
  return attachment(reply, slip.fileName, slip.mimeType, data);
}
