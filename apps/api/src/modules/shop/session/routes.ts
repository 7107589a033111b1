import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginResultSchema } from '@portal/contracts/identity';
import { envelopeOf, shopLoginCodeSchema, shopSessionBody } from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { MSG } from '@portal/contracts/messages';
import { AppError } from '../../../lib/errors';
import { envelope } from '../../../plugins/envelope';
import { setRefreshCookie } from '../../accounts';
import { exchangeLoginCode, issueLoginCode } from './service';

/**
 * The Online Shopping link: the portal asks for a one-time code and opens the shop with it; the
 * shop trades the code once for a session (the built-in shop for the portal's own, with its cookie).
 */
export const shopSessionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/session/code',
      {
        // A suspended member may still shop (plan 5.1), so may still open the shop.
        config: { access: 'user', suspended: 'allow' },
        schema: { response: { 200: envelopeOf(shopLoginCodeSchema) } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        // The code is bound to this session: it dies with it (issue 19).
        const principal = request.principal;
        if (principal?.kind !== 'user') throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
        return envelope(await issueLoginCode(ctx, principal));
      },
    );

    app.post(
      '/v1/session',
      // Like sign-in: the app key (checked for every request) names the client; no token needed.
      {
        config: { access: 'none' },
        schema: { body: shopSessionBody, response: { 200: envelopeOf(loginResultSchema) } },
      },
      async (request, reply) => {
        const key = String(request.headers['x-app-key']);
        const clientId = ctx.config.clients.some((c) => c.id === key)
          ? key
          : (ctx.config.clients[0]?.id ?? key);
        const result = await exchangeLoginCode(ctx, request.body.code, clientId, {
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        setRefreshCookie(ctx, reply, result.refresh_token);
        reply.header('cache-control', 'no-store');
        return envelope(result);
      },
    );
  };
