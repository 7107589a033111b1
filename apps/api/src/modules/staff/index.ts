import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { staffAdjustmentRoutes } from './adjustments/routes';
import { staffClosingRoutes } from './closings/routes';
import { staffKycRoutes } from './kyc/routes';
import { staffOrderRoutes } from './orders/routes';
import { staffPayoutRoutes } from './payouts/routes';
import { staffPlanRoutes } from './plan/routes';
import { staffProductRoutes } from './products/routes';
import { staffReportRoutes } from './reports/routes';

/**
 * The staff API: KYC review, the shop's products and orders desk, and the engine's desk (closings,
 * payouts, the plan and its simulator, adjustments); later suspensions. Mounted at /staff; every
 * route is staff-only.
 */
export const staffModule =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(staffKycRoutes(ctx));
    await app.register(staffProductRoutes(ctx));
    await app.register(staffOrderRoutes(ctx));
    await app.register(staffClosingRoutes(ctx));
    await app.register(staffPayoutRoutes(ctx));
    await app.register(staffPlanRoutes(ctx));
    await app.register(staffAdjustmentRoutes(ctx));
    await app.register(staffReportRoutes(ctx));
  };
