import { z } from 'zod';
import {
  normaliseMobile,
  type OtpTransaction,
  type OtpVerifyResult,
  type otpRequestBody,
  type otpVerifyBody,
} from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { templates } from '../../../lib/templates';
import type { Principal } from '../../../lib/tokens';
import { findUserByIdentifier, loadUser } from '../users/repository';
import {
  checkCode,
  createVerification,
  findVerification,
  isLive,
  markUsed,
  recentVerification,
} from './store';
import { messageOfVerification } from '../messages/repository';
import { memberDelivery, queueMessages } from '../messages/service';
import { messagesQueued } from '../messages/signal';
import { markChannelVerified } from './verified';

const notFound = () => new AppError(404, 'OTP_TRANSACTION_NOT_FOUND', MSG.otpNotFound);
const expired = () => new AppError(410, 'OTP_TRANSACTION_WAS_EXPIRED', MSG.otpExpired);
const badIdentifier = () =>
  new AppError(422, 'VALIDATION_ERROR', MSG.identifier, { username: [MSG.identifier] });

/** A username is an e-mail address or a Thai mobile number; anything else is not one. */
export function parseUsername(raw: string): { channel: 'sms' | 'email'; target: string } | null {
  if (raw.includes('@')) {
    return z.email().safeParse(raw).success ? { channel: 'email', target: raw.toLowerCase() } : null;
  }
  const mobile = normaliseMobile(raw);
  return mobile ? { channel: 'sms', target: mobile } : null;
}

/**
 * A new OTP transaction: one 6-digit code by SMS or e-mail, hashed, `otp.ttlSeconds` long, resent
 * no sooner than `otp.resendSeconds`. An unknown destination gets a transaction too (never sent,
 * never verifiable), so the answer does not tell whether an account exists.
 */
export async function requestOtp(
  ctx: AppContext,
  body: z.output<typeof otpRequestBody>,
  caller: { ip: string; principal: Principal | null },
): Promise<OtpTransaction> {
  const dest = parseUsername(body.username);
  if (!dest) throw badIdentifier();
  const { purpose } = body;
  await ctx.limits.otp.hit(`ip:${caller.ip}`, `target:${dest.target}`);

  const owner = await findUserByIdentifier(
    ctx.db,
    dest.channel === 'email' ? { email: dest.target } : { mobile: dest.target },
  );
  // A signed-in member may only verify their own mobile or e-mail.
  if (caller.principal?.kind === 'user' && owner?.id !== caller.principal.userId) throw badIdentifier();

  const { resendSeconds, ttlSeconds } = ctx.config.otp;
  const recent = await recentVerification(ctx.db, dest.target, purpose, resendSeconds);
  if (recent && recent.channel === dest.channel) {
    const after = new Date(recent.createdAt.getTime() + resendSeconds * 1000);
    throw new AppError(429, 'OTP_RESEND_TOO_SOON', MSG.otpResendTooSoon, {
      resend_after: [after.toISOString()],
    });
  }
  const minutes = Math.round(ttlSeconds / 60);
  // The code and its message in one transaction: the message exists exactly when the code does.
  const created = await ctx.db.transaction(async (tx) => {
    const c = await createVerification(tx, {
      userId: owner?.id ?? null,
      purpose,
      channel: dest.channel,
      target: dest.target,
      ttlSeconds,
    });
    if (owner) {
      const lang = owner.language === 'en' ? 'en' : 'th';
      const ref = c.row.refCode;
      await queueMessages(tx, ctx.config, [
        {
          channel: dest.channel,
          purpose,
          to: dest.target,
          userId: owner.id,
          language: lang,
          code: c.code,
          verificationId: c.row.id,
          expiresAt: c.row.expiresAt,
          ...(dest.channel === 'sms'
            ? { text: templates.otpSms(lang, purpose, c.code, ref, minutes) }
            : templates.otpEmail(lang, purpose, c.code, ref, minutes)),
        },
      ]);
    }
    return c;
  });
  if (owner) messagesQueued();
  return {
    id: created.row.id,
    username: dest.target,
    channel: dest.channel,
    ref_code: created.row.refCode,
    expires_at: created.row.expiresAt.toISOString(),
    resend_after: new Date(created.row.createdAt.getTime() + resendSeconds * 1000).toISOString(),
    delivery: 'pending',
  };
}

/**
 * A transaction as the OTP screen reads it while it waits for the code: the POST's answer, with where
 * the code's message now stands (`delivery`). Transactions of links (activation, reset) are not OTP
 * transactions and are not found here.
 */
export async function otpTransactionStatus(ctx: AppContext, id: string): Promise<OtpTransaction> {
  if (!z.uuid().safeParse(id).success) throw notFound();
  const row = await findVerification(ctx.db, id);
  if (!row || row.tokenHash) throw notFound();
  const message = await messageOfVerification(ctx.db, row.id);
  return {
    id: row.id,
    username: row.target,
    channel: row.channel as 'sms' | 'email',
    ref_code: row.refCode,
    expires_at: row.expiresAt.toISOString(),
    resend_after: new Date(row.createdAt.getTime() + ctx.config.otp.resendSeconds * 1000).toISOString(),
    delivery: memberDelivery(message, row.createdAt),
  };
}

/**
 * Checks the code of a transaction (5 tries; the try that reaches the limit kills it). Right once:
 * the transaction is used, and an onboarding code marks the owner's mobile or e-mail verified in
 * the same transaction.
 */
export async function verifyOtp(
  ctx: AppContext,
  id: string,
  body: z.output<typeof otpVerifyBody>,
): Promise<OtpVerifyResult> {
  if (!z.uuid().safeParse(id).success) throw notFound();
  const given = parseUsername(body.mobile ?? body.email ?? '');
  const row = await findVerification(ctx.db, id);
  if (
    !row ||
    !given ||
    row.target !== given.target ||
    row.refCode !== body.ref_code.toUpperCase() ||
    row.usedAt
  ) {
    throw notFound();
  }
  if (!isLive(row)) throw expired();
  const result = await checkCode(ctx.db, row, body.code, ctx.config.otp.maxAttempts);
  if (result === 'dead') throw expired();
  if (result === 'wrong') {
    throw new AppError(422, 'INVALID_VERIFY_CODE', MSG.invalidVerifyCode, { code: [MSG.invalidVerifyCode] });
  }
  const ok = await ctx.db.transaction(async (tx) => {
    if (!(await markUsed(tx, row.id))) return false;
    if (row.userId && row.purpose === 'onboarding') {
      await markChannelVerified(tx, row.userId, row.channel as 'sms' | 'email');
    }
    return true;
  });
  if (!ok) throw notFound();
  const user = row.userId ? await loadUser(ctx.db, row.userId) : null;
  return { verified: true, user };
}
