import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@portal/contracts/envelope';
import {
  activateBody,
  activateRequestBody,
  activationInfoSchema,
  activationResultSchema,
  emailsBody,
  passwordResetBody,
  passwordResetCheckSchema,
  passwordResetRequestBody,
  passwordResetTicketSchema,
} from '@portal/contracts/identity';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import {
  activate,
  activationInfo,
  checkPasswordReset,
  requestActivation,
  requestPasswordReset,
  resendActivation,
  resetPassword,
} from './link-service';

/** E-mail activation links, the resend call, and forgot / reset password (a token plus a code). */
export const linkRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/activate/request',
      {
        config: { access: 'public' },
        schema: { body: activateRequestBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        await requestActivation(ctx, request.body.email, request.ip);
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
      async (request) => envelope(await activationInfo(ctx, request.query.token)),
    );

    app.post(
      '/v1/activate',
      {
        config: { access: 'public' },
        schema: { body: activateBody, response: { 200: envelopeOf(activationResultSchema) } },
      },
      async (request) => {
        await activate(ctx, request.body.token, request.ip);
        return envelope({ activated: true });
      },
    );

    app.post(
      '/v1/emails',
      { config: { access: 'user' }, schema: { body: emailsBody, response: { 200: envelopeOf(z.null()) } } },
      async (request) => {
        await resendActivation(ctx, userId(request), request.ip);
        return envelope(null);
      },
    );

    app.post(
      '/v1/password-reset/request',
      {
        config: { access: 'public' },
        schema: { body: passwordResetRequestBody, response: { 200: envelopeOf(passwordResetTicketSchema) } },
      },
      async (request) => envelope(await requestPasswordReset(ctx, request.body.email, request.ip)),
    );

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
        const { appends, code } = request.query;
        // The code is checked only when `appends` asks for it (the spec's `appends=code`).
        const wantsCode = appends?.split(',').includes('code');
        return envelope(
          await checkPasswordReset(ctx, request.params.token, wantsCode ? code : undefined, request.ip),
        );
      },
    );

    app.post(
      '/v1/password-reset',
      {
        config: { access: 'public' },
        schema: { body: passwordResetBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        await resetPassword(ctx, request.body, request.ip);
        return envelope(null);
      },
    );
  };
