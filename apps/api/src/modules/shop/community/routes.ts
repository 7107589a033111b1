import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '@portal/contracts/shop';
import { guestQuoteBody, orderQuoteSchema } from '@portal/contracts/shop-quote';
import {
  checkoutResult,
  communityProductSchema,
  communityShopSchema,
  envelopeOf,
  guestCheckoutBody,
  IDEMPOTENCY_HEADER,
  idempotencyKey,
  ORDER_KEY_HEADER,
  orderListQuery,
  orderNumberParam,
  orderSchema,
  pageOf,
  productCodeParam,
  sellingPriceBody,
  sellingPriceSchema,
  shopCodeParam,
} from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { checkDocumentFile, readMultipart } from '../../../lib/uploads';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { memberIdOfUser } from '../../accounts';
import { viewOf } from '../catalog/view';
import { requestHash } from '../checkout/pricing';
import { shopErrors } from '../errors';
import { languageOf } from '../language';
import { submitSlip } from '../payments/service';
import { cancelOrder, orderAnswer, pagedOrders } from '../orders/service';
import { forCustomer } from './customer-view';
import {
  chooseSellingPrice,
  communityCatalog,
  guestCheckout,
  guestOrder,
  guestQuote,
  mySellingPrices,
  shopOf,
} from './service';

const visitor = { access: 'public' as const };
const member = { access: 'user' as const, suspended: 'allow' as const };
const guestHeaders = z.object({ [ORDER_KEY_HEADER]: z.string().min(16).max(100) });

/**
 * Community shops (plan 4.6): `/ecommerce?shop=INVITATIONCODE`. Guests (an application token) see
 * the member's shop at the member's selling prices and buy there; members set those prices.
 */
export const communityRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 4, fieldSize: 256, parts: 5 },
    });
    const myMemberId = async (uid: number) => {
      const id = await memberIdOfUser(ctx.db, uid);
      if (id === null) throw shopErrors.noMember();
      return id;
    };

    app.get(
      '/v1/community/:shopCode',
      {
        config: visitor,
        schema: { params: shopCodeParam, response: { 200: envelopeOf(communityShopSchema) } },
      },
      async (request) => {
        const seller = await shopOf(ctx.db, request.params.shopCode);
        return envelope({
          shop_code: seller.invitationCode,
          owner_name: `${seller.firstName} ${seller.lastName.slice(0, 1)}.`.trim(),
          member_code: seller.memberCode,
        });
      },
    );

    app.get(
      '/v1/community/:shopCode/products',
      {
        config: visitor,
        schema: {
          params: shopCodeParam,
          querystring: z.object({
            category: z.enum(PRODUCT_CATEGORIES).optional(),
            page: z.coerce.number().int().min(1).default(1),
            per_page: z.coerce.number().int().min(1).max(100).default(12),
          }),
          response: { 200: envelopeOf(pageOf(communityProductSchema)) },
        },
      },
      async (request) => {
        const seller = await shopOf(ctx.db, request.params.shopCode);
        // A guest sees the shop's prices, not the member's price behind them.
        const view = await viewOf(ctx, request, 'visitor');
        return envelope(await communityCatalog(ctx.db, seller, request.query, view));
      },
    );

    app.post(
      '/v1/community/:shopCode/orders',
      {
        config: visitor,
        schema: {
          params: shopCodeParam,
          headers: z.object({ [IDEMPOTENCY_HEADER]: idempotencyKey }),
          body: guestCheckoutBody,
          response: { 200: envelopeOf(checkoutResult), 201: envelopeOf(checkoutResult) },
        },
      },
      async (request, reply) => {
        const lang = languageOf(request);
        const placed = await guestCheckout(ctx, {
          shopCode: request.params.shopCode,
          key: request.headers[IDEMPOTENCY_HEADER] as string,
          hash: requestHash(request.body),
          body: request.body,
          lang,
          by: { actor: 'guest', userId: null },
          ip: request.ip,
        });
        const order = forCustomer(await orderAnswer(ctx, placed.orderId, lang));
        if (placed.replayed) reply.header('idempotent-replayed', 'true');
        const code = placed.replayed ? 200 : 201;
        return reply.code(code).send(envelope({ order, guest_key: placed.guestKey }, code));
      },
    );

    app.post(
      '/v1/community/:shopCode/orders/quote',
      {
        config: visitor,
        schema: {
          description:
            'What POST /shop/v1/community/{shopCode}/orders would order and charge for the same body now, with the same refusals; the customer and the shipping address may still be left out. Writes nothing; no Idempotency-Key.',
          params: shopCodeParam,
          body: guestQuoteBody,
          response: { 200: envelopeOf(orderQuoteSchema) },
        },
      },
      async (request) =>
        envelope(
          forCustomer(
            await guestQuote(ctx, {
              shopCode: request.params.shopCode,
              body: request.body,
              lang: languageOf(request),
              ip: request.ip,
            }),
          ),
        ),
    );

    app.get(
      '/v1/community/orders/:number',
      {
        config: visitor,
        schema: {
          params: orderNumberParam,
          headers: guestHeaders,
          response: { 200: envelopeOf(orderSchema) },
        },
      },
      async (request) => {
        const rec = await guestOrder(ctx.db, request.params.number, request.headers[ORDER_KEY_HEADER]);
        return envelope(forCustomer(await orderAnswer(ctx, rec, languageOf(request))));
      },
    );

    app.post(
      '/v1/community/orders/:number/cancel',
      {
        config: visitor,
        schema: {
          params: orderNumberParam,
          headers: guestHeaders,
          body: z.strictObject({}).nullish(),
          response: { 200: envelopeOf(orderSchema) },
        },
      },
      async (request) => {
        const rec = await guestOrder(ctx.db, request.params.number, request.headers[ORDER_KEY_HEADER]);
        await cancelOrder(
          ctx,
          rec.order.orderNo,
          { actor: 'guest', userId: null },
          { allowPaid: false, reason: null },
        );
        return envelope(forCustomer(await orderAnswer(ctx, rec.order.id, languageOf(request))));
      },
    );

    app.post(
      '/v1/community/orders/:number/slip',
      {
        config: visitor,
        schema: {
          params: orderNumberParam,
          headers: guestHeaders,
          response: { 200: envelopeOf(orderSchema) },
        },
      },
      async (request) => {
        const rec = await guestOrder(ctx.db, request.params.number, request.headers[ORDER_KEY_HEADER]);
        const form = await readMultipart(request, ctx.config.uploadMaxBytes);
        if (!form.file)
          throw new AppError(422, 'VALIDATION_ERROR', 'Choose a file to upload', {
            file: ['Choose a file to upload'],
          });
        const file = await checkDocumentFile(form.file, ctx.config.uploadMaxBytes);
        await submitSlip(ctx, rec.order.id, file, { actor: 'guest', userId: null });
        return envelope(forCustomer(await orderAnswer(ctx, rec.order.id, languageOf(request))));
      },
    );

    app.get(
      '/v1/me/selling-prices',
      { config: member, schema: { response: { 200: envelopeOf(z.array(sellingPriceSchema)) } } },
      async (request) =>
        envelope(await mySellingPrices(ctx.db, await myMemberId(userId(request)), languageOf(request))),
    );

    app.put(
      '/v1/me/selling-prices/:productCode',
      {
        config: member,
        schema: {
          params: productCodeParam,
          body: sellingPriceBody,
          response: { 200: envelopeOf(sellingPriceSchema) },
        },
      },
      async (request) =>
        envelope(
          await chooseSellingPrice(
            ctx.db,
            await myMemberId(userId(request)),
            request.params.productCode,
            request.body.selling_price,
            languageOf(request),
          ),
        ),
    );

    app.delete(
      '/v1/me/selling-prices/:productCode',
      {
        config: member,
        schema: { params: productCodeParam, response: { 200: envelopeOf(sellingPriceSchema) } },
      },
      async (request) =>
        envelope(
          await chooseSellingPrice(
            ctx.db,
            await myMemberId(userId(request)),
            request.params.productCode,
            null,
            languageOf(request),
          ),
        ),
    );

    /** What guests bought in the member's community shop. */
    app.get(
      '/v1/me/community-orders',
      {
        config: member,
        schema: { querystring: orderListQuery, response: { 200: envelopeOf(pageOf(orderSchema)) } },
      },
      async (request) => {
        const memberId = await myMemberId(userId(request));
        const q = request.query;
        return envelope(
          await pagedOrders(
            ctx,
            { memberId, channel: 'COMMUNITY', status: q.status },
            q,
            languageOf(request),
          ),
        );
      },
    );
  };
