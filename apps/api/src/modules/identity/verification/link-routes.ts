import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@portal/contracts/envelope';
import {
  activationInfoSchema,
  activationResultSchema,
  passwordResetCheckSchema,
  passwordResetTicketSchema,
} from '@portal/contracts/identity';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  activateBody,
  activateRequestBody,
  emailsBody,
  passwordResetBody,
  passwordResetRequestBody,
  type ActivationInfo,
  type PasswordResetCheck,
  type PasswordResetTicket,
} from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../../context';
import { users } from '../../../db/schema/identity';
import { AppError } from '../../../lib/errors';
import { hashPassword } from '../../../lib/passwords';
import { templates } from '../../../lib/templates';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { NOTICES, notify } from '../notifications/notify';
import { endUserAccess } from '../session/access';
import { revokeUserSessions } from '../session/refresh-tokens';
import { findUserByIdentifier, type UserRow } from '../users/repository';
import {
  checkCode,
  createVerification,
  findByToken,
  isLive,
  markUsed,
  maskEmail,
  type VerificationRow,
} from './store';
import { markChannelVerified } from './verified';

const activateInvalid = () => new AppError(422, 'ACTIVATE_CODE_INVALID', MSG.activateInvalid);
const resetInvalid = () => new AppError(404, 'RESET_TOKEN_INVALID', MSG.resetTokenInvalid);
const wrongResetCode = () =>
  new AppError(422, 'INVALID_RESET_CODE', MSG.invalidResetCode, { code: [MSG.invalidResetCode] });

/** E-mail activation links, the resend call, and forgot / reset password (a token plus a code). */
export const linkRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    async function sendActivation(user: UserRow) {
      const created = await createVerification(ctx.db, {
        userId: user.id,
        purpose: 'onboarding',
        channel: 'email',
        target: user.email.toLowerCase(),
        ttlSeconds: ctx.config.activationTtlSeconds,
        withToken: true,
      });
      const link = `${ctx.config.publicUrl}/auth/activate?token=${created.token}`;
      await ctx.messaging.mail.send({
        to: user.email,
        purpose: 'onboarding',
        link,
        ...templates.activation(user.language as 'th' | 'en', user.firstName, link),
      });
    }

    async function activationTarget(token: string): Promise<{ row: VerificationRow; user: UserRow }> {
      const row = await findByToken(ctx.db, token);
      if (!row || row.purpose !== 'onboarding' || row.channel !== 'email' || !row.userId)
        throw activateInvalid();
      const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId));
      if (!user || user.deletedAt) throw activateInvalid();
      if (user.isVerifiesEmail) throw new AppError(409, 'ALREADY_ACTIVATED', MSG.alreadyActivated);
      if (!isLive(row)) throw activateInvalid();
      return { row, user };
    }

    app.post(
      '/v1/activate/request',
      {
        config: { access: 'public' },
        schema: { body: activateRequestBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const email = request.body.email;
        await ctx.limits.activation.hit(`ip:${request.ip}`, `target:${email}`);
        const user = await findUserByIdentifier(ctx.db, { email });
        // Same answer whether or not the account exists or is already active.
        if (user && !user.isVerifiesEmail && user.isActive) await sendActivation(user);
        return envelope(null);
      },
    );

    app.get(
      '/v1/activate',
      {
        config: { access: 'public' },
        schema: {
          querystring: z.object({ token: z.string().max(128) }),
          response: { 200: envelopeOf(activationInfoSchema) },
        },
      },
      async (request) => {
        const { user } = await activationTarget(request.query.token);
        return envelope({
          email: maskEmail(user.email),
          first_name: user.firstName,
        } satisfies ActivationInfo);
      },
    );

    app.post(
      '/v1/activate',
      {
        config: { access: 'public' },
        schema: { body: activateBody, response: { 200: envelopeOf(activationResultSchema) } },
      },
      async (request) => {
        await ctx.limits.activation.hit(`ip:${request.ip}`);
        const { row, user } = await activationTarget(request.body.token);
        const ok = await ctx.db.transaction(async (tx) => {
          if (!(await markUsed(tx, row.id))) return false;
          await markChannelVerified(tx, user.id, 'email');
          return true;
        });
        if (!ok) throw activateInvalid();
        return envelope({ activated: true });
      },
    );

    app.post(
      '/v1/emails',
      { config: { access: 'user' }, schema: { body: emailsBody, response: { 200: envelopeOf(z.null()) } } },
      async (request) => {
        const id = userId(request);
        await ctx.limits.activation.hit(`ip:${request.ip}`, `user:${id}`);
        const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
        if (!user) throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
        if (user.isVerifiesEmail) throw new AppError(409, 'ALREADY_ACTIVATED', MSG.alreadyActivated);
        await sendActivation(user);
        return envelope(null);
      },
    );

    app.post(
      '/v1/password-reset/request',
      {
        config: { access: 'public' },
        schema: { body: passwordResetRequestBody, response: { 200: envelopeOf(passwordResetTicketSchema) } },
      },
      async (request) => {
        const email = request.body.email;
        await ctx.limits.reset.hit(`ip:${request.ip}`, `target:${email}`);
        const user = await findUserByIdentifier(ctx.db, { email });
        const live = user && user.isActive ? user : null;
        // An unknown address gets a ticket as well (its code is never sent and never matches).
        const created = await createVerification(ctx.db, {
          userId: live?.id ?? null,
          purpose: 'reset-password',
          channel: 'email',
          target: email,
          ttlSeconds: ctx.config.resetTtlSeconds,
          withToken: true,
        });
        if (live) {
          const link = `${ctx.config.publicUrl}/auth/reset_password/${created.token}`;
          await ctx.messaging.mail.send({
            to: live.email,
            purpose: 'reset-password',
            code: created.code,
            link,
            ...templates.passwordReset(
              live.language as 'th' | 'en',
              live.firstName,
              created.code,
              link,
              Math.round(ctx.config.resetTtlSeconds / 60),
            ),
          });
        }
        const ticket: PasswordResetTicket = {
          token: created.token!,
          expires_at: created.row.expiresAt.toISOString(),
        };
        return envelope(ticket);
      },
    );

    async function resetTicket(token: string) {
      const row = await findByToken(ctx.db, token);
      if (!row || row.purpose !== 'reset-password' || !isLive(row)) throw resetInvalid();
      return row;
    }

    app.get(
      '/v1/password-reset/:token',
      {
        config: { access: 'public' },
        schema: {
          params: z.object({ token: z.string().max(128) }),
          querystring: z.object({
            appends: z.string().max(50).optional(),
            code: z.string().max(10).optional(),
          }),
          response: { 200: envelopeOf(passwordResetCheckSchema) },
        },
      },
      async (request) => {
        const row = await resetTicket(request.params.token);
        const answer: PasswordResetCheck = {
          token: request.params.token,
          email: maskEmail(row.target),
          expires_at: row.expiresAt.toISOString(),
        };
        const wantsCode = request.query.appends?.split(',').includes('code');
        if (!wantsCode || request.query.code === undefined) return envelope(answer);
        await ctx.limits.reset.hit(`ip:${request.ip}`);
        const result = await checkCode(ctx.db, row, request.query.code, ctx.config.otp.maxAttempts);
        if (result === 'dead') throw resetInvalid();
        if (result === 'wrong') throw wrongResetCode();
        return envelope({ ...answer, code_valid: true });
      },
    );

    app.post(
      '/v1/password-reset',
      {
        config: { access: 'public' },
        schema: { body: passwordResetBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        await ctx.limits.reset.hit(`ip:${request.ip}`);
        const row = await resetTicket(request.body.token);
        const result = await checkCode(ctx.db, row, request.body.code, ctx.config.otp.maxAttempts);
        if (result === 'dead') throw resetInvalid();
        if (result === 'wrong' || !row.userId) throw wrongResetCode();
        const passwordHash = await hashPassword(request.body.password);
        const userIdToReset = row.userId;
        const ok = await ctx.db.transaction(async (tx) => {
          if (!(await markUsed(tx, row.id))) return false;
          await tx
            .update(users)
            .set({ passwordHash, updatedAt: new Date() })
            .where(eq(users.id, userIdToReset));
          await revokeUserSessions(tx, userIdToReset);
          await endUserAccess(ctx, [userIdToReset], tx);
          await notify(tx, userIdToReset, NOTICES.passwordChanged());
          return true;
        });
        if (!ok) throw resetInvalid();
        return envelope(null);
      },
    );
  };
