import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, pageOf } from '@portal/contracts/envelope';
import { notificationSchema, unreadCountSchema } from '@portal/contracts/identity';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { lastPage, pageQuery } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import type { Notification } from '@portal/contracts/identity';
import type { AppContext } from '../../../context';
import { notifications } from '../../../db/schema/identity';
import { notFound } from '../../../lib/errors';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';

const toDto = (n: typeof notifications.$inferSelect): Notification => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  title_th: n.titleTh,
  body: n.body,
  body_th: n.bodyTh,
  read_at: n.readAt?.toISOString() ?? null,
  created_at: n.createdAt.toISOString(),
});

export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/me/notifications',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { querystring: pageQuery(100), response: { 200: envelopeOf(pageOf(notificationSchema)) } },
      },
      async (request) => {
        const id = userId(request);
        const { page, per_page } = request.query;
        const [{ total } = { total: 0 }] = await ctx.db
          .select({ total: count() })
          .from(notifications)
          .where(eq(notifications.userId, id));
        const rows = await ctx.db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, id))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(per_page)
          .offset((page - 1) * per_page);
        return envelope({
          items: rows.map(toDto),
          pagination: { page, per_page, total, last_page: lastPage(total, per_page) },
        });
      },
    );

    app.get(
      '/v1/me/notifications/unread-count',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { response: { 200: envelopeOf(unreadCountSchema) } },
      },
      async (request) => {
        const [{ n } = { n: 0 }] = await ctx.db
          .select({ n: count() })
          .from(notifications)
          .where(and(eq(notifications.userId, userId(request)), isNull(notifications.readAt)));
        return envelope({ count: n });
      },
    );

    app.post(
      '/v1/me/notifications/:id/read',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { params: z.object({ id: bigintIdParam }), response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const rows = await ctx.db
          .update(notifications)
          .set({ readAt: new Date() })
          .where(and(eq(notifications.id, request.params.id), eq(notifications.userId, userId(request))))
          .returning({ id: notifications.id });
        if (rows.length === 0) throw notFound();
        return envelope(null);
      },
    );

    app.post(
      '/v1/me/notifications/read-all',
      { config: { access: 'user', suspended: 'allow' }, schema: { response: { 200: envelopeOf(z.null()) } } },
      async (request) => {
        await ctx.db
          .update(notifications)
          .set({ readAt: new Date() })
          .where(and(eq(notifications.userId, userId(request)), isNull(notifications.readAt)));
        return envelope(null);
      },
    );
  };
