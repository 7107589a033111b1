import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { userId } from '../../../plugins/auth';
import { fileAnswer } from '../../../plugins/responses';
import { exportArchive } from './service';

/** GET /member/v1/me/export: the member's copy of their data, one zip (PDPA section 30; decision 044). */
export const exportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/me/export',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: {
          response: {
            200: fileAnswer(['application/zip'], 'A zip of JSON records and the uploaded files'),
          },
        },
      },
      async (request, reply) => {
        const id = userId(request);
        // Building the archive reads every table and file of the member: a few a day is plenty.
        await ctx.limits.dataExport.hit(`user:${id}`);
        const archive = await exportArchive(ctx, id);
        if (!archive) throw new AppError(404, 'NOT_FOUND', MSG.notFound);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${archive.name}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(archive.data);
      },
    );
  };
