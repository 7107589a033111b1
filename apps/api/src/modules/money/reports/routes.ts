import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { balanceReportRoutes } from './balances/routes';
import { cycleReportRoutes } from './cycles/routes';
import { incomeReportRoutes } from './income/routes';
import { orderReportRoutes } from './orders/routes';
import { travelReportRoutes } from './travel/routes';
import { volumeReportRoutes } from './volume/routes';

/** The member's reports (GET /network/api/v1/report/...): the signed-in member's own rows only. */
export const reportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(volumeReportRoutes(ctx));
    await app.register(orderReportRoutes(ctx));
    await app.register(cycleReportRoutes(ctx));
    await app.register(incomeReportRoutes(ctx));
    await app.register(balanceReportRoutes(ctx));
    await app.register(travelReportRoutes(ctx));
  };
