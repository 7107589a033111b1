import type { z } from 'zod';
import type {
  ActivationInfo,
  PasswordResetCheck,
  PasswordResetTicket,
  passwordResetBody,
} from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { hashPassword } from '../../../lib/passwords';
import { templates } from '../../../lib/templates';
import { setPassword } from '../users/repository';
import { NOTICES, notify } from '../notifications/notify';
import { endUserAccess } from '../session/access';
import { liftCeiling } from '../session/ceiling';
import { revokeUserSessions } from '../session/refresh-tokens';
import { findUserByIdentifier, userRowById, type UserRow } from '../users/repository';
import { checkCode, createVerification, findByToken, isLive, markUsed, maskEmail } from './store';
import { queueMessages } from '../messages/service';
import { messagesQueued } from '../messages/signal';
import { markChannelVerified } from './verified';

/** E-mail activation links and forgot / reset password (a link token plus a code). */

const activateInvalid = () => new AppError(422, 'ACTIVATE_CODE_INVALID', MSG.activateInvalid);
const alreadyActivated = () => new AppError(409, 'ALREADY_ACTIVATED', MSG.alreadyActivated);
const resetInvalid = () => new AppError(404, 'RESET_TOKEN_INVALID', MSG.resetTokenInvalid);
const wrongResetCode = () =>
  new AppError(422, 'INVALID_RESET_CODE', MSG.invalidResetCode, { code: [MSG.invalidResetCode] });

async function sendActivation(ctx: AppContext, user: UserRow) {
  const lang = user.language === 'en' ? 'en' : 'th';
  // The link and its e-mail in one transaction.
  await ctx.db.transaction(async (tx) => {
    const created = await createVerification(tx, {
      userId: user.id,
      purpose: 'onboarding',
      channel: 'email',
      target: user.email.toLowerCase(),
      ttlSeconds: ctx.config.activationTtlSeconds,
      withToken: true,
    });
    const link = `${ctx.config.publicUrl}/auth/activate?token=${created.token}`;
    await queueMessages(tx, ctx.config, [
      {
        channel: 'email',
        purpose: 'onboarding',
        to: user.email,
        userId: user.id,
        language: lang,
        link,
        verificationId: created.row.id,
        expiresAt: created.row.expiresAt,
        ...templates.activation(lang, user.firstName, link),
      },
    ]);
  });
  messagesQueued();
}

/** The live onboarding link of a user whose e-mail is not verified yet. */
async function activationTarget(ctx: AppContext, token: string) {
  const row = await findByToken(ctx.db, token);
  if (!row || row.purpose !== 'onboarding' || row.channel !== 'email' || !row.userId) throw activateInvalid();
  const user = await userRowById(ctx.db, row.userId);
  if (!user || user.deletedAt) throw activateInvalid();
  if (user.isVerifiesEmail) throw alreadyActivated();
  if (!isLive(row)) throw activateInvalid();
  return { row, user };
}

/** A new activation link by e-mail; the same (empty) answer whether or not the account exists. */
export async function requestActivation(ctx: AppContext, email: string, ip: string) {
  await ctx.limits.activation.hit(`ip:${ip}`, `target:${email}`);
  const user = await findUserByIdentifier(ctx.db, { email });
  if (user && !user.isVerifiesEmail && user.isActive) await sendActivation(ctx, user);
}

/** A signed-in member asks for the link again. */
export async function resendActivation(ctx: AppContext, userId: number, ip: string) {
  await ctx.limits.activation.hit(`ip:${ip}`, `user:${userId}`);
  const user = await userRowById(ctx.db, userId);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
  if (user.isVerifiesEmail) throw alreadyActivated();
  await sendActivation(ctx, user);
}

/** Whose link this is, masked, for the activation page. */
export async function activationInfo(ctx: AppContext, token: string): Promise<ActivationInfo> {
  const { user } = await activationTarget(ctx, token);
  return { email: maskEmail(user.email), first_name: user.firstName };
}

/** The link is used once: the e-mail is verified in the same transaction. */
export async function activate(ctx: AppContext, token: string, ip: string) {
  await ctx.limits.activation.hit(`ip:${ip}`);
  const { row, user } = await activationTarget(ctx, token);
  const ok = await ctx.db.transaction(async (tx) => {
    if (!(await markUsed(tx, row.id))) return false;
    await markChannelVerified(tx, user.id, 'email');
    return true;
  });
  if (!ok) throw activateInvalid();
}

/**
 * Forgot password: a ticket (link token) and a code by e-mail. An unknown or inactive address gets
 * a ticket as well, whose code is never sent and never matches.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<PasswordResetTicket> {
  await ctx.limits.reset.hit(`ip:${ip}`, `target:${email}`);
  const user = await findUserByIdentifier(ctx.db, { email });
  const live = user && user.isActive ? user : null;
  const ttl = ctx.config.resetTtlSeconds;
  // The ticket and its e-mail in one transaction; an unknown address gets the ticket alone.
  const created = await ctx.db.transaction(async (tx) => {
    const c = await createVerification(tx, {
      userId: live?.id ?? null,
      purpose: 'reset-password',
      channel: 'email',
      target: email,
      ttlSeconds: ttl,
      withToken: true,
    });
    if (live) {
      const lang = live.language === 'en' ? 'en' : 'th';
      const link = `${ctx.config.publicUrl}/auth/reset_password/${c.token}`;
      await queueMessages(tx, ctx.config, [
        {
          channel: 'email',
          purpose: 'reset-password',
          to: live.email,
          userId: live.id,
          language: lang,
          code: c.code,
          link,
          verificationId: c.row.id,
          expiresAt: c.row.expiresAt,
          ...templates.passwordReset(lang, live.firstName, c.code, link, Math.round(ttl / 60)),
        },
      ]);
    }
    return c;
  });
  if (live) messagesQueued();
  return { token: created.token!, expires_at: created.row.expiresAt.toISOString() };
}

async function resetTicket(ctx: AppContext, token: string) {
  const row = await findByToken(ctx.db, token);
  if (!row || row.purpose !== 'reset-password' || !isLive(row)) throw resetInvalid();
  return row;
}

/** The reset page's check of its link, and of the code when one is given (a counted try). */
export async function checkPasswordReset(
  ctx: AppContext,
  token: string,
  code: string | undefined,
  ip: string,
): Promise<PasswordResetCheck> {
  const row = await resetTicket(ctx, token);
  const answer: PasswordResetCheck = {
    token,
    email: maskEmail(row.target),
    expires_at: row.expiresAt.toISOString(),
  };
  if (code === undefined) return answer;
  await ctx.limits.reset.hit(`ip:${ip}`);
  const result = await checkCode(ctx.db, row, code, ctx.config.otp.maxAttempts);
  if (result === 'dead') throw resetInvalid();
  if (result === 'wrong') throw wrongResetCode();
  return { ...answer, code_valid: true };
}

/**
 * The new password, once per ticket: in one transaction the ticket is used, the password set, every
 * session and access token of the user ended, and a notice written.
 */
export async function resetPassword(ctx: AppContext, body: z.output<typeof passwordResetBody>, ip: string) {
  await ctx.limits.reset.hit(`ip:${ip}`);
  const row = await resetTicket(ctx, body.token);
  const result = await checkCode(ctx.db, row, body.code, ctx.config.otp.maxAttempts);
  if (result === 'dead') throw resetInvalid();
  const userId = row.userId;
  if (result === 'wrong' || !userId) throw wrongResetCode();
  const passwordHash = await hashPassword(body.password);
  const ok = await ctx.db.transaction(async (tx) => {
    if (!(await markUsed(tx, row.id))) return false;
    await setPassword(tx, userId, passwordHash);
    await liftCeiling(tx, userId);
    await revokeUserSessions(tx, userId);
    await endUserAccess(ctx, [userId], tx);
    await notify(tx, userId, NOTICES.passwordChanged());
    return true;
  });
  if (!ok) throw resetInvalid();
}
