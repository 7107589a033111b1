import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { staffKycRoutes } from './kyc/routes';
import { staffOrderRoutes } from './orders/routes';
import { staffProductRoutes } from './products/routes';

/** The staff API: KYC review, the shop's products and orders desk (later suspensions and closings). Mounted at /staff; every route is staff-only. */
export const staffModule =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(staffKycRoutes(ctx));
    await app.register(staffProductRoutes(ctx));
    await app.register(staffOrderRoutes(ctx));
  };
