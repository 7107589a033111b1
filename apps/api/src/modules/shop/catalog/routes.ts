import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  packageOffers,
  pageOf,
  productCodeParam,
  productListQuery,
  productSchema,
} from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { shopNow } from '../clock';
import { packageOffersOf } from '../checkout/packages';
import { listCatalog, productDetail } from './service';
import { viewOf } from './view';

/** The public catalog (an application token is enough) and the member's package offers. */
export const catalogRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/products',
      {
        config: { access: 'public' },
        schema: { querystring: productListQuery, response: { 200: envelopeOf(pageOf(productSchema)) } },
      },
      async (request) => envelope(await listCatalog(ctx.db, request.query, await viewOf(ctx, request))),
    );

    app.get(
      '/v1/products/:productCode',
      {
        config: { access: 'public' },
        schema: { params: productCodeParam, response: { 200: envelopeOf(productSchema) } },
      },
      async (request) =>
        envelope(await productDetail(ctx.db, request.params.productCode, await viewOf(ctx, request))),
    );

    /** Which package the member has and what each other one costs them now (plan 1.1). */
    app.get(
      '/v1/me/packages',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { response: { 200: envelopeOf(packageOffers) } },
      },
      async (request) => {
        const now = await shopNow(ctx);
        return envelope(
          await packageOffersOf(ctx.db, userId(request), await viewOf(ctx, request, undefined, now), now),
        );
      },
    );
  };
