import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organizeSummarySchema, reportRangeQuery, summaryPointSchema } from '@portal/contracts/reports';
import { envelopeOf } from '@portal/contracts/shop';
import type { AppContext } from '../../../../context';
import { userId } from '../../../../plugins/auth';
import { envelope } from '../../../../plugins/envelope';
import { organizeSummary, summaryPoint } from './service';

const mine = { access: 'user' as const };

/** report/summary_point and report/order/organize_summary. */
export const volumeReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/report/summary_point',
      {
        config: mine,
        schema: { querystring: reportRangeQuery, response: { 200: envelopeOf(summaryPointSchema) } },
      },
      async (request) => envelope(await summaryPoint(ctx.db, ctx.config, userId(request), request.query)),
    );

    app.get(
      '/report/order/organize_summary',
      {
        config: mine,
        schema: { querystring: reportRangeQuery, response: { 200: envelopeOf(organizeSummarySchema) } },
      },
      async (request) => envelope(await organizeSummary(ctx.db, ctx.config, userId(request), request.query)),
    );
  };
