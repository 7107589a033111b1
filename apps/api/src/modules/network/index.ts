import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tokenRequest } from '@portal/contracts/oauth';
import type { AppContext } from '../../context';
import { OAuthError, clientCredentials } from '../identity/session/service';
import { downlineRoutes } from './downline/routes';
import { memberRoutes } from './members/routes';

/** The network (MLM) API: the binary tree, placement, summaries. Mounted at /network/api/v1. */
export const networkModule =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    /** Application tokens only: user tokens come from the member API and are accepted here as they are. */
    app.post('/oauth/token', { config: { access: 'none' } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const parsed = tokenRequest.safeParse(request.body ?? {});
      try {
        if (!parsed.success) throw new OAuthError(400, 'invalid_request');
        if (parsed.data.grant_type !== 'client_credentials')
          throw new OAuthError(400, 'unsupported_grant_type');
        const b = parsed.data;
        return await clientCredentials(ctx, b.client_id, b.client_secret, b.scope);
      } catch (err) {
        if (err instanceof OAuthError) return reply.code(err.statusCode).send({ error: err.error });
        throw err;
      }
    });
    await app.register(memberRoutes(ctx));
    await app.register(downlineRoutes(ctx));
  };
