import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { planFor } from '../../compensation/plan';
import { oauthRoutes } from '../identity/session/routes';
import { cartRoutes } from './cart/routes';
import { catalogRoutes } from './catalog/routes';
import { ensurePackageProducts } from './checkout/packages';
import { shopNow } from './clock';
import { communityRoutes } from './community/routes';
import { orderRoutes } from './orders/routes';
import { shopSessionRoutes } from './session/routes';

/** The shop service (spec section 7 "Shop service"): mounted at /shop. */
export const shopModule =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Every package of the plan is sold as a product of its own kind.
    await ensurePackageProducts(ctx.db, await planFor(ctx.db, (await shopNow(ctx)).date));
    // Application tokens only: user tokens come from the member API and are accepted here as they are.
    await app.register(oauthRoutes(ctx, ['client_credentials']));
    await app.register(catalogRoutes(ctx));
    await app.register(cartRoutes(ctx));
    await app.register(orderRoutes(ctx));
    await app.register(communityRoutes(ctx));
    await app.register(shopSessionRoutes(ctx));
  };
