import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportRangeQuery } from '@portal/contracts/reports';
import { envelopeOf } from '@portal/contracts/shop';
import { travelPointSchema } from '@portal/contracts/travel-report';
import type { AppContext } from '../../../../context';
import { userId } from '../../../../plugins/auth';
import { envelope } from '../../../../plugins/envelope';
import { travelPoint } from './service';

const mine = { access: 'user' as const };

/** report/travel_point: travel points and the plan's campaign (plan 3.2). */
export const travelReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/report/travel_point',
      {
        config: mine,
        schema: { querystring: reportRangeQuery, response: { 200: envelopeOf(travelPointSchema) } },
      },
      async (request) => envelope(await travelPoint(ctx.db, ctx.config, userId(request), request.query)),
    );
  };
