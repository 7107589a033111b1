import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@portal/contracts/envelope';
import {
  otpRequestBody,
  otpTransactionSchema,
  otpVerifyBody,
  otpVerifyResultSchema,
} from '@portal/contracts/identity';
import type { AppContext } from '../../../context';
import { envelope } from '../../../plugins/envelope';
import { otpTransactionStatus, requestOtp, verifyOtp } from './otp-service';

/**
 * OTP transactions: one 6-digit code by SMS or e-mail, hashed, 10 minutes, 5 tries, resend after 60 s;
 * the code's message goes through the message outbox, and GET says whether it went out.
 */
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
        const body = await requestOtp(ctx, request.body, {
          ip: request.ip,
          principal: request.principal,
        });
        return reply.code(201).send(envelope(body, 201));
      },
    );

    // Added to the spec's calls: the OTP screen reads whether the code's SMS or e-mail went out.
    app.get(
      '/v1/otp-transactions/:id',
      {
        config: { access: 'public' },
        schema: {
          params: z.object({ id: z.string().max(64) }),
          response: { 200: envelopeOf(otpTransactionSchema) },
        },
      },
      async (request) => envelope(await otpTransactionStatus(ctx, request.params.id)),
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
      async (request) => envelope(await verifyOtp(ctx, request.params.id, request.body)),
    );
  };
