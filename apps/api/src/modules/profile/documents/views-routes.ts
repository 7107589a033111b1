import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, pageOf, pageQuery } from '@portal/contracts/envelope';
import { documentViewSchema } from '@portal/contracts/privacy';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { documentViews } from './views';

/** GET /member/v1/me/document-views: who of the staff saw the member's documents, newest first. */
export const documentViewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/me/document-views',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { querystring: pageQuery(100), response: { 200: envelopeOf(pageOf(documentViewSchema)) } },
      },
      async (request) => envelope(await documentViews(ctx.db, userId(request), request.query)),
    );
  };
