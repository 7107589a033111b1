import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cycleDetailSchema,
  cycleRowParams,
  cycleRowSchema,
  cycleSummarySchema,
  reportListQuery,
  reportRangeQuery,
} from '@portal/contracts/reports';
import { envelopeOf, pageOf } from '@portal/contracts/shop';
import type { AppContext } from '../../../../context';
import { userId } from '../../../../plugins/auth';
import { envelope } from '../../../../plugins/envelope';
import { cycleDetail, cycleSummary, listCycles } from './service';

const mine = { access: 'user' as const };

/** report/summary_cycle, report/cycle_transaction and report/cycle_transaction/{id} (id: the date). */
export const cycleReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/report/summary_cycle',
      {
        config: mine,
        schema: { querystring: reportRangeQuery, response: { 200: envelopeOf(cycleSummarySchema) } },
      },
      async (request) => envelope(await cycleSummary(ctx.db, userId(request), request.query)),
    );

    app.get(
      '/report/cycle_transaction',
      {
        config: mine,
        schema: { querystring: reportListQuery, response: { 200: envelopeOf(pageOf(cycleRowSchema)) } },
      },
      async (request) => envelope(await listCycles(ctx.db, userId(request), request.query)),
    );

    app.get(
      '/report/cycle_transaction/:id',
      { config: mine, schema: { params: cycleRowParams, response: { 200: envelopeOf(cycleDetailSchema) } } },
      async (request) => envelope(await cycleDetail(ctx.db, userId(request), request.params.id)),
    );
  };
