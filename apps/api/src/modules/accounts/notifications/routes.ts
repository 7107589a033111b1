import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, pageOf, pageQuery } from '@portal/contracts/envelope';
import { notificationSchema, unreadCountSchema } from '@portal/contracts/identity';
import { bigintIdParam } from '@portal/contracts/ids';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { myNotifications, readAll, readNotification, unreadCount } from './service';

export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/me/notifications',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { querystring: pageQuery(100), response: { 200: envelopeOf(pageOf(notificationSchema)) } },
      },
      async (request) => envelope(await myNotifications(ctx.db, userId(request), request.query)),
    );

    app.get(
      '/v1/me/notifications/unread-count',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { response: { 200: envelopeOf(unreadCountSchema) } },
      },
      async (request) => envelope({ count: await unreadCount(ctx.db, userId(request)) }),
    );

    app.post(
      '/v1/me/notifications/:id/read',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { params: z.object({ id: bigintIdParam }), response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        await readNotification(ctx.db, userId(request), request.params.id);
        return envelope(null);
      },
    );

    app.post(
      '/v1/me/notifications/read-all',
      { config: { access: 'user', suspended: 'allow' }, schema: { response: { 200: envelopeOf(z.null()) } } },
      async (request) => {
        await readAll(ctx.db, userId(request));
        return envelope(null);
      },
    );
  };
