import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { oauthRoutes } from '../identity/session/routes';
import { downlineRoutes } from './downline/routes';
import { dropshipRoutes } from './dropship/routes';
import { memberRoutes } from './members/routes';
import { publicInfoRoutes } from './public/routes';
import { reportRoutes } from './reports/routes';
import { statementRoutes } from './statements/routes';
import { walletRoutes } from './wallet/routes';

/** The network (MLM) API: the binary tree, placement, summaries, reports. Mounted at /network/api/v1. */
export const networkModule =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Application tokens only: user tokens come from the member API and are accepted here as they are.
    await app.register(oauthRoutes(ctx, ['client_credentials']));
    await app.register(memberRoutes(ctx));
    await app.register(downlineRoutes(ctx));
    await app.register(dropshipRoutes(ctx));
    await app.register(reportRoutes(ctx));
    await app.register(statementRoutes(ctx));
    await app.register(walletRoutes(ctx));
    await app.register(publicInfoRoutes(ctx));
  };
