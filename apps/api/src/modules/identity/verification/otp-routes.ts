import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@portal/contracts/envelope';
import { otpTransactionSchema, otpVerifyResultSchema } from '@portal/contracts/identity';
import { z } from 'zod';
import {
  normaliseMobile,
  otpRequestBody,
  otpVerifyBody,
  type OtpTransaction,
  type OtpVerifyResult,
} from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../../context';
import { verifications } from '../../../db/schema/identity';
import { AppError } from '../../../lib/errors';
import { templates } from '../../../lib/templates';
import { envelope } from '../../../plugins/envelope';
import { findUserByIdentifier, loadUser } from '../users/repository';
import { checkCode, createVerification, markUsed, recentVerification } from './store';
import { markChannelVerified } from './verified';
import { eq } from 'drizzle-orm';

const notFound = () => new AppError(404, 'OTP_TRANSACTION_NOT_FOUND', MSG.otpNotFound);

function parseUsername(raw: string): { channel: 'sms' | 'email'; target: string } | null {
  if (raw.includes('@')) {
    return z.email().safeParse(raw).success ? { channel: 'email', target: raw.toLowerCase() } : null;
  }
  const mobile = normaliseMobile(raw);
  return mobile ? { channel: 'sms', target: mobile } : null;
}

/** OTP transactions: one 6-digit code by SMS or e-mail, hashed, 10 minutes, 5 tries, resend after 60 s. */
export const otpRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/otp-transactions',
      {
        config: { access: 'public' },
        schema: { body: otpRequestBody, response: { 201: envelopeOf(otpTransactionSchema) } },
      },
      async (request, reply) => {
        const dest = parseUsername(request.body.username);
        if (!dest)
          throw new AppError(422, 'VALIDATION_ERROR', MSG.identifier, { username: [MSG.identifier] });
        const { purpose } = request.body;
        await ctx.limits.otp.hit(`ip:${request.ip}`, `target:${dest.target}`);

        const owner = await findUserByIdentifier(
          ctx.db,
          dest.channel === 'email' ? { email: dest.target } : { mobile: dest.target },
        );
        const principal = request.principal;
        // A signed-in member may only verify their own mobile or e-mail.
        if (principal?.kind === 'user' && owner?.id !== principal.userId) {
          throw new AppError(422, 'VALIDATION_ERROR', MSG.identifier, { username: [MSG.identifier] });
        }
        const recent = await recentVerification(ctx.db, dest.target, purpose, ctx.config.otp.resendSeconds);
        if (recent && recent.channel === dest.channel) {
          const after = new Date(recent.createdAt.getTime() + ctx.config.otp.resendSeconds * 1000);
          throw new AppError(429, 'OTP_RESEND_TOO_SOON', MSG.otpResendTooSoon, {
            resend_after: [after.toISOString()],
          });
        }
        // An unknown destination gets a transaction too (never sent, never verifiable): the answer
        // must not tell whether an account exists.
        const created = await createVerification(ctx.db, {
          userId: owner?.id ?? null,
          purpose,
          channel: dest.channel,
          target: dest.target,
          ttlSeconds: ctx.config.otp.ttlSeconds,
        });
        if (owner) {
          const lang = owner.language as 'th' | 'en';
          const minutes = Math.round(ctx.config.otp.ttlSeconds / 60);
          if (dest.channel === 'sms') {
            await ctx.messaging.sms.send({
              to: dest.target,
              purpose,
              code: created.code,
              text: templates.otpSms(lang, created.code, created.row.refCode, minutes),
            });
          } else {
            await ctx.messaging.mail.send({
              to: dest.target,
              purpose,
              code: created.code,
              ...templates.otpEmail(lang, created.code, created.row.refCode, minutes),
            });
          }
        }
        const body: OtpTransaction = {
          id: created.row.id,
          username: dest.target,
          channel: dest.channel,
          ref_code: created.row.refCode,
          expires_at: created.row.expiresAt.toISOString(),
          resend_after: new Date(
            created.row.createdAt.getTime() + ctx.config.otp.resendSeconds * 1000,
          ).toISOString(),
        };
        return reply.code(201).send(envelope(body, 201));
      },
    );

    app.put(
      '/v1/otp-transactions/:id',
      {
        config: { access: 'public' },
        schema: {
          params: z.object({ id: z.string().max(64) }),
          body: otpVerifyBody,
          response: { 200: envelopeOf(otpVerifyResultSchema) },
        },
      },
      async (request) => {
        const id = request.params.id;
        if (!z.uuid().safeParse(id).success) throw notFound();
        const b = request.body;
        const given = parseUsername(b.mobile ?? b.email ?? '');
        const [row] = await ctx.db.select().from(verifications).where(eq(verifications.id, id));
        if (
          !row ||
          !given ||
          row.target !== given.target ||
          row.refCode !== b.ref_code.toUpperCase() ||
          row.usedAt
        ) {
          throw notFound();
        }
        if (row.killedAt || row.expiresAt.getTime() <= Date.now()) {
          throw new AppError(410, 'OTP_TRANSACTION_WAS_EXPIRED', MSG.otpExpired);
        }
        const result = await checkCode(ctx.db, row, b.code, ctx.config.otp.maxAttempts);
        if (result === 'dead') throw new AppError(410, 'OTP_TRANSACTION_WAS_EXPIRED', MSG.otpExpired);
        if (result === 'wrong') {
          throw new AppError(422, 'INVALID_VERIFY_CODE', MSG.invalidVerifyCode, {
            code: [MSG.invalidVerifyCode],
          });
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
        return envelope({ verified: true, user } satisfies OtpVerifyResult);
      },
    );
  };
