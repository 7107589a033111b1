import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  lvpPageSchema,
  pointPageSchema,
  reportListQuery,
  titleHistorySchema,
} from '@portal/contracts/reports';
import { envelopeOf } from '@portal/contracts/shop';
import type { AppContext } from '../../../../context';
import { userId } from '../../../../plugins/auth';
import { envelope } from '../../../../plugins/envelope';
import { lvpRows, pointRows, titleHistory } from './service';

const mine = { access: 'user' as const };

/** report/point_lvp, use_point_cycle/search (the point balance) and report/business_title/history. */
export const balanceReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/report/point_lvp',
      {
        config: mine,
        schema: { querystring: reportListQuery, response: { 200: envelopeOf(lvpPageSchema) } },
      },
      async (request) => envelope(await lvpRows(ctx.db, userId(request), request.query)),
    );

    app.get(
      '/use_point_cycle/search',
      {
        config: mine,
        schema: { querystring: reportListQuery, response: { 200: envelopeOf(pointPageSchema) } },
      },
      async (request) => envelope(await pointRows(ctx.db, userId(request), request.query)),
    );

    app.get(
      '/report/business_title/history',
      {
        config: mine,
        schema: { querystring: reportListQuery, response: { 200: envelopeOf(titleHistorySchema) } },
      },
      async (request) => envelope(await titleHistory(ctx.db, ctx.config, userId(request), request.query)),
    );
  };
