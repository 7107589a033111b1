import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@portal/contracts/envelope';
import { staffMessagePageSchema, staffMessagesQuery } from '@portal/contracts/outbox';
import type { AppContext } from '../../../context';
import { envelope } from '../../../plugins/envelope';
import { staffMessagePage } from './staff-service';

/** The message outbox for staff (decision 043): every SMS and e-mail and where it stands. */
export const staffMessageRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/messages',
      {
        config: { access: 'staff' },
        schema: {
          querystring: staffMessagesQuery,
          response: { 200: envelopeOf(staffMessagePageSchema) },
        },
      },
      async (request) => envelope(await staffMessagePage(ctx.db, request.query)),
    );
  };
