import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { oauthRoutes } from '../modules/accounts';
import { memberRoutes, downlineRoutes, publicInfoRoutes } from '../modules/network';
import { dropshipRoutes } from '../modules/shop';
import { reportRoutes, statementRoutes, walletRoutes } from '../modules/money';
/**
 * The network (MLM) API of the specification, mounted at /network/api/v1: the binary tree and
 * placement (network), the dropship income calls (shop), the reports, statements and wallet (money),
 * and the public figures.
 */
export const networkSurface =
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
