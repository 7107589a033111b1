import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@portal/contracts/envelope';
import { loginResultSchema } from '@portal/contracts/identity';
import {
  passkeyAuthenticationBody,
  passkeyIdParam,
  passkeyOptionsSchema,
  passkeyRegistrationBody,
  passkeySchema,
} from '@portal/contracts/passkeys';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { setRefreshCookie } from '../session/cookies';
import {
  authenticationOptions,
  myPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  signInWithPasskey,
} from './service';

/** Passkeys under /member/v1/passkeys: the member's own (add, list, remove) and the sign-in. */
export const passkeyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/passkeys',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { response: { 200: envelopeOf(z.array(passkeySchema)) } },
      },
      async (request) => envelope(await myPasskeys(ctx, userId(request))),
    );

    app.post(
      '/v1/passkeys/registration-options',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { response: { 200: envelopeOf(passkeyOptionsSchema) } },
      },
      async (request) => envelope(await registrationOptions(ctx, userId(request))),
    );

    app.post(
      '/v1/passkeys/registration',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { body: passkeyRegistrationBody, response: { 200: envelopeOf(passkeySchema) } },
      },
      async (request) =>
        envelope(await registerPasskey(ctx, userId(request), request.body, request.headers['user-agent'])),
    );

    app.delete(
      '/v1/passkeys/:id',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { params: passkeyIdParam, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        await removePasskey(ctx, userId(request), request.params.id);
        return envelope(null);
      },
    );

    app.post(
      '/v1/passkeys/authentication-options',
      {
        config: { access: 'none' },
        schema: { response: { 200: envelopeOf(passkeyOptionsSchema) } },
      },
      async () => envelope(await authenticationOptions(ctx)),
    );

    app.post(
      '/v1/passkeys/authentication',
      {
        config: { access: 'none' },
        schema: { body: passkeyAuthenticationBody, response: { 200: envelopeOf(loginResultSchema) } },
      },
      async (request, reply) => {
        // The app key names the client, as for the password sign-in (POST /v1/login).
        const key = String(request.headers['x-app-key']);
        const clientId = ctx.config.clients.some((c) => c.id === key)
          ? key
          : (ctx.config.clients[0]?.id ?? key);
        const result = await signInWithPasskey(ctx, request.body, clientId, {
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        setRefreshCookie(ctx, reply, result.refresh_token);
        return envelope(result);
      },
    );
  };
