import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@portal/contracts/envelope';
import { closureRequestBody, closureRequestSchema } from '@portal/contracts/privacy';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { myClosureRequest, requestClosure } from './service';

/** A member's request to close their account (PDPA section 33; decision 044). */
export const closureRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/me/closure-request',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { response: { 200: envelopeOf(closureRequestSchema.nullable()) } },
      },
      async (request) => envelope(await myClosureRequest(ctx, userId(request))),
    );

    app.post(
      '/v1/me/closure-request',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { body: closureRequestBody, response: { 201: envelopeOf(closureRequestSchema) } },
      },
      async (request, reply) => {
        const created = await requestClosure(ctx, userId(request), request.body.reason);
        return reply.code(201).send(envelope(created, 201));
      },
    );
  };
