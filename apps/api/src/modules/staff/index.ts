import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { staffKycRoutes } from './kyc/routes';

/** The staff API: KYC review (later suspensions and closings). Mounted at /staff; every route is staff-only. */
export const staffModule =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(staffKycRoutes(ctx));
  };
