import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  envelopeOf,
  packageOffers,
  pageOf,
  productCodeParam,
  productListQuery,
  productSchema,
} from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { planFor } from '../../../compensation/plan';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { shopNow } from '../clock';
import { languageOf } from '../language';
import { packageOffersOf } from '../checkout/packages';
import { listCatalog, productDetail, type Audience, type CatalogView } from './service';
import type { Moment } from '@portal/plan/dates';

/** How the catalog is shown to this caller: their language, whether they see member prices, today's plan. */
export async function viewOf(
  ctx: AppContext,
  request: FastifyRequest,
  audience?: Audience,
  /** The business clock's now, when the caller has read it already. */
  now?: Moment,
): Promise<CatalogView> {
  now ??= await shopNow(ctx);
  return {
    lang: languageOf(request),
    audience: audience ?? (request.principal?.kind === 'user' ? 'member' : 'visitor'),
    plan: await planFor(ctx.db, now.date),
  };
}

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
