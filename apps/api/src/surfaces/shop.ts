import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { oauthRoutes } from '../modules/accounts';
import {
  preparePackageProducts,
  catalogRoutes,
  cartRoutes,
  orderRoutes,
  communityRoutes,
  shopSessionRoutes,
  taxRoutes,
  saleDocumentRoutes,
  coolingOffRoutes,
} from '../modules/shop';
/** The shop service of the specification, mounted at /shop: catalog, cart, orders, community shops, tax documents, sale documents, the shop's session. */
export const shopSurface =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await preparePackageProducts(ctx);
    // Application tokens only: user tokens come from the member API and are accepted here as they are.
    await app.register(oauthRoutes(ctx, ['client_credentials']));
    await app.register(catalogRoutes(ctx));
    await app.register(cartRoutes(ctx));
    await app.register(orderRoutes(ctx));
    await app.register(communityRoutes(ctx));
    await app.register(taxRoutes(ctx));
    await app.register(saleDocumentRoutes(ctx));
    await app.register(coolingOffRoutes(ctx));
    await app.register(shopSessionRoutes(ctx));
  };
