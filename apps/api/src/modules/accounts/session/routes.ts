import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelopeOf, errorEnvelopeSchema } from '@portal/contracts/envelope';
import { loginResultSchema } from '@portal/contracts/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBody } from '@portal/contracts/identity';
import { REFRESH_COOKIE, tokenErrorSchema, tokenRequest, tokenResponseSchema } from '@portal/contracts/oauth';
import type { AppContext } from '../../../context';
import { envelope } from '../../../plugins/envelope';
import { userId } from '../../../plugins/auth';
import {
  OAuthError,
  authenticateClient,
  clientCredentials,
  login,
  refreshGrant,
  signOutEverywhere,
} from './service';
import { DEVICE_COOKIE, DEVICE_DAYS } from './ceiling';
import { clearRefreshCookie, cookiePath, setRefreshCookie } from './cookies';

/** The grant's errors are RFC 6749's; a missing app key (checked before) is the envelope's. */
const tokenError = z.union([tokenErrorSchema, errorEnvelopeSchema]);

/** The browser's known-device token (ceiling.ts), sent back to the sign-in only. */
function setDeviceCookie(ctx: AppContext, reply: FastifyReply, token: string) {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.secureCookies,
    path: `${cookiePath}/v1/login`,
    maxAge: DEVICE_DAYS * 86_400,
  });
}

const meta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'], ip: request.ip });

type Grant = 'client_credentials' | 'refresh_token';

/**
 * The token endpoint speaks RFC 6749, not the envelope. Only the member API issues user tokens, so
 * the other services mount it with client credentials alone.
 */
export const oauthRoutes =
  (
    ctx: AppContext,
    grants: readonly Grant[] = ['client_credentials', 'refresh_token'],
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/oauth/token',
      {
        config: { access: 'none' },
        schema: { response: { 200: tokenResponseSchema, 400: tokenError, 401: tokenError } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        const parsed = tokenRequest.safeParse(request.body ?? {});
        try {
          if (!parsed.success) {
            const grant = (request.body as { grant_type?: unknown } | null)?.grant_type;
            if (grant && !grants.includes(grant as Grant))
              throw new OAuthError(400, 'unsupported_grant_type');
            throw new OAuthError(400, 'invalid_request');
          }
          const body = parsed.data;
          if (!grants.includes(body.grant_type)) throw new OAuthError(400, 'unsupported_grant_type');
          if (body.grant_type === 'client_credentials') {
            return await clientCredentials(ctx, body.client_id, body.client_secret, body.scope);
          }
          authenticateClient(ctx, body.client_id, body.client_secret);
          const presented = body.refresh_token ?? request.cookies[REFRESH_COOKIE];
          if (!presented) {
            // A hint left without its cookie would make the portal ask again on every page load.
            clearRefreshCookie(reply);
            throw new OAuthError(400, 'invalid_request', 'refresh_token is required');
          }
          const tokens = await refreshGrant(ctx, body.client_id, presented, meta(request));
          setRefreshCookie(ctx, reply, tokens.refresh_token);
          return tokens;
        } catch (err) {
          if (err instanceof OAuthError) {
            if (err.error === 'invalid_grant') clearRefreshCookie(reply);
            return reply
              .code(err.statusCode)
              .send({ error: err.error, ...(err.description ? { error_description: err.description } : {}) });
          }
          throw err;
        }
      },
    );
  };

export const sessionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/login',
      {
        config: { access: 'none' },
        schema: { body: loginBody, response: { 200: envelopeOf(loginResultSchema) } },
      },
      async (request, reply) => {
        // The app key names the client the sign-in belongs to; refreshes must come from the same one.
        const key = String(request.headers['x-app-key']);
        const clientId = ctx.config.clients.some((c) => c.id === key)
          ? key
          : (ctx.config.clients[0]?.id ?? key);
        const { result, deviceToken } = await login(
          ctx,
          request.body.username,
          request.body.password,
          clientId,
          meta(request),
          request.cookies[DEVICE_COOKIE],
        );
        setRefreshCookie(ctx, reply, result.refresh_token);
        setDeviceCookie(ctx, reply, deviceToken);
        return envelope(result);
      },
    );

    /**
     * Signs the member out everywhere: this device and every other session. The portal posts no body
     * (Fastify then hands the schema null), so the body is optional in both senses.
     */
    app.post(
      '/v1/logout',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { body: z.object({}).passthrough().nullish(), response: { 200: envelopeOf(z.null()) } },
      },
      async (request, reply) => {
        await signOutEverywhere(ctx, userId(request));
        clearRefreshCookie(reply);
        return envelope(null);
      },
    );
  };
