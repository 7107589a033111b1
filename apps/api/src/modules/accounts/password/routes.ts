import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@portal/contracts/envelope';
import { changePasswordBody } from '@portal/contracts/identity';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { changePassword } from './service';

/** The signed-in member's password (`PATCH /v1/me/password`); a forgotten one is reset through verification. */
export const passwordRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    /** Keeps this session, signs out every other one. */
    app.patch(
      '/v1/me/password',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { body: changePasswordBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const principal = request.principal;
        const keep = principal?.kind === 'user' ? principal.sessionId : undefined;
        await changePassword(ctx, userId(request), keep, request.body);
        return envelope(null);
      },
    );
  };
