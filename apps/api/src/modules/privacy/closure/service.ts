import type { FastifyBaseLogger } from 'fastify';
import { pageAnswer, type Page } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type {
  ClosureRequest,
  ClosureState,
  StaffClosureRequest,
  closureQueueQuery,
} from '@portal/contracts/privacy';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import { avatarKeyOfUrl } from '../../../lib/avatar-urls';
import type { Tx } from '../../../db/client';
import { companyInfo } from '../../../lib/company';
import { AppError } from '../../../lib/errors';
import { pgError, UNIQUE_VIOLATION } from '../../../lib/sql';
import { templates } from '../../../lib/templates';
import {
  endAccessStamped,
  messagesQueued,
  type NewMessage,
  queueMessages,
  stampTokensValidAfter,
} from '../../accounts';
import {
  contactOf,
  decideRequest,
  erasePersonalData,
  filesOf,
  insertRequest,
  latestRequest,
  lockRequest,
  openOrders,
  requestById,
  requestPage,
  type ClosureRow,
} from './repository';

const toRequest = (r: ClosureRow): ClosureRequest => ({
  id: r.id,
  state: r.state as ClosureState,
  reason: r.reason,
  requested_at: r.requestedAt.toISOString(),
  decided_at: r.decidedAt?.toISOString() ?? null,
  decision_note: r.decisionNote,
});

const toStaff = (r: {
  request: ClosureRow;
  name: string;
  decidedBy: string | null;
}): StaffClosureRequest => ({
  ...toRequest(r.request),
  user_id: r.request.userId,
  member_code: r.request.memberCode,
  name: r.name,
  decided_by: r.decidedBy,
});

/** The member's newest request, or null. */
export async function myClosureRequest(ctx: AppContext, userId: number): Promise<ClosureRequest | null> {
  const row = await latestRequest(ctx.db, userId);
  return row ? toRequest(row) : null;
}

/** A member asks to close their account (PDPA section 33); one request waits at a time. */
export async function requestClosure(
  ctx: AppContext,
  userId: number,
  reason: string | null,
): Promise<ClosureRequest> {
  try {
    return toRequest(await insertRequest(ctx.db, userId, reason));
  } catch (err) {
    if (pgError(err).code === UNIQUE_VIOLATION) throw new AppError(409, 'CONFLICT', MSG.closurePending);
    throw err;
  }
}

export async function closureQueue(
  ctx: AppContext,
  query: z.output<typeof closureQueueQuery>,
): Promise<Page<StaffClosureRequest>> {
  const { rows, total } = await requestPage(ctx.db, query);
  return pageAnswer(rows.map(toStaff), total, query);
}

async function answer(ctx: AppContext, id: number): Promise<StaffClosureRequest> {
  const row = await requestById(ctx.db, id);
  if (!row) throw new AppError(404, 'NOT_FOUND', MSG.notFound);
  return toStaff(row);
}

/**
 * The member is told their account is closed, in the caller's transaction and before their contact
 * is erased: by e-mail and by SMS where that channel was verified, by e-mail to the address on file
 * when neither was. The messages name no user (the erasure removes the member's own messages, and
 * nothing should tie these to the account); the retention job blanks their recipient once
 * delivered (jobs/retention.ts, decision 044).
 */
async function queueClosedNotice(tx: Tx, ctx: AppContext, userId: number, memberCode: string | null) {
  const contact = await contactOf(tx, userId);
  if (!contact) return;
  const lang = contact.language === 'en' ? 'en' : 'th';
  const info = companyInfo(ctx.config.companyFile);
  const company = lang === 'en' ? info.name.en || info.name.th : info.name.th;
  const email: NewMessage = {
    channel: 'email',
    purpose: 'account-closed',
    to: contact.email,
    userId: null,
    language: lang,
    ...templates.accountClosedEmail(lang, { name: contact.firstName, memberCode, company }),
  };
  const sms: NewMessage = {
    channel: 'sms',
    purpose: 'account-closed',
    to: contact.mobile,
    userId: null,
    language: lang,
    text: templates.accountClosedSms(lang, { memberCode, company }),
  };
  const messages = [...(contact.emailVerified ? [email] : []), ...(contact.mobileVerified ? [sms] : [])];
  await queueMessages(tx, ctx.config, messages.length > 0 ? messages : [email]);
}

/**
 * Staff approve: in one transaction the request is decided, the member told (queueClosedNotice),
 * and the member's personal data erased or replaced (decision 044), their passkeys, sign-ins and
 * devices with it; their tokens end. The files are deleted once that has committed (a
 * storage cannot take part in the transaction); a file that fails to go is logged, and nothing in
 * the database names it any more.
 */
export async function approveClosure(
  ctx: AppContext,
  staffUserId: number,
  id: number,
  note: string | null,
  log: FastifyBaseLogger,
): Promise<StaffClosureRequest> {
  const { userId, files } = await ctx.db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    if (!row) throw new AppError(404, 'NOT_FOUND', MSG.notFound);
    if (row.state !== 'pending') throw new AppError(409, 'CONFLICT', MSG.closureDecided);
    if ((await openOrders(tx, row.userId)) > 0) throw new AppError(409, 'CONFLICT', MSG.closureOrdersOpen);
    const files = await filesOf(tx, row.userId);
    await decideRequest(tx, id, { state: 'approved', by: staffUserId, note });
    await queueClosedNotice(tx, ctx, row.userId, row.memberCode);
    await erasePersonalData(tx, row.userId);
    await stampTokensValidAfter(tx, [row.userId]);
    return { userId: row.userId, files };
  });
  await endAccessStamped(ctx, [userId]);
  messagesQueued();
  const keys = [
    ...files.documents,
    ...files.avatars.map((url) => avatarKeyOfUrl(url ?? null)).filter((k): k is string => k !== null),
  ];
  for (const key of keys) {
    try {
      await ctx.storage.delete(key);
    } catch (err) {
      log.error({ err, key }, 'an erased member’s file could not be deleted');
    }
  }
  return answer(ctx, id);
}

/** Staff refuse, with the reason the member reads. Nothing of the member changes. */
export async function rejectClosure(
  ctx: AppContext,
  staffUserId: number,
  id: number,
  reason: string,
): Promise<StaffClosureRequest> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    if (!row) throw new AppError(404, 'NOT_FOUND', MSG.notFound);
    if (row.state !== 'pending') throw new AppError(409, 'CONFLICT', MSG.closureDecided);
    await decideRequest(tx, id, { state: 'rejected', by: staffUserId, note: reason });
  });
  return answer(ctx, id);
}
