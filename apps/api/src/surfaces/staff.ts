import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { staffMessageRoutes } from '../modules/accounts';
import { staffKycRoutes } from '../modules/profile';
import {
  staffProductRoutes,
  staffOrderRoutes,
  staffCoolingOffRoutes,
  staffSaleDocumentRoutes,
  staffTaxRoutes,
} from '../modules/shop';
import {
  staffClosingRoutes,
  staffPayoutRoutes,
  staffPlanRoutes,
  staffAdjustmentRoutes,
  staffReportRoutes,
} from '../modules/money';
import { staffBackupRoutes } from '../modules/operations';
import { staffClosureRoutes } from '../modules/privacy';
/**
 * The staff API, mounted at /staff (every route staff-only): the message outbox (accounts), KYC
 * review (profile), the products and orders desk with its tax documents and the sales tax report
 * (shop), and the engine's desk: closings, payouts, the plan and its simulator, adjustments, reports
 * (money); the backups (operations).
 */
export const staffSurface =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(staffKycRoutes(ctx));
    await app.register(staffMessageRoutes(ctx));
    await app.register(staffProductRoutes(ctx));
    await app.register(staffOrderRoutes(ctx));
    await app.register(staffTaxRoutes(ctx));
    await app.register(staffSaleDocumentRoutes(ctx));
    await app.register(staffCoolingOffRoutes(ctx));
    await app.register(staffClosingRoutes(ctx));
    await app.register(staffPayoutRoutes(ctx));
    await app.register(staffPlanRoutes(ctx));
    await app.register(staffAdjustmentRoutes(ctx));
    await app.register(staffReportRoutes(ctx));
    await app.register(staffBackupRoutes(ctx));
    await app.register(staffClosureRoutes(ctx));
  };
