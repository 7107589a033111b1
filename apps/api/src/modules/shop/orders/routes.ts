import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { bigintIdParam } from '@portal/contracts/ids';
import {
  checkoutBody,
  checkoutResult,
  envelopeOf,
  IDEMPOTENCY_HEADER,
  idempotencyKey,
  orderListQuery,
  orderNumberParam,
  orderSchema,
  pageOf,
} from '@portal/contracts/shop';
import { orderQuoteSchema } from '@portal/contracts/shop-quote';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { checkDocumentFile, readMultipart } from '../../../lib/uploads';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { actorOf } from '../audit';
import { memberCheckout, memberQuote } from '../checkout/service';
import { requestHash } from '../checkout/pricing';
import { languageOf } from '../language';
import { submitSlip } from '../payments/service';
import { cancelOrder, myOrders, orderAnswer, ownOrder } from './service';
import { sendSlip, slipFileAnswer } from './slips';

const member = { access: 'user' as const, suspended: 'allow' as const };
const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKey });

/** The member's checkout and orders: place, list, read, cancel while unpaid, send a transfer slip. */
export const orderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 4, fieldSize: 256, parts: 5 },
    });

    app.post(
      '/v1/orders',
      {
        config: member,
        schema: {
          headers: idempotencyHeaders,
          body: checkoutBody,
          response: { 200: envelopeOf(checkoutResult), 201: envelopeOf(checkoutResult) },
        },
      },
      async (request, reply) => {
        const lang = languageOf(request);
        const placed = await memberCheckout(ctx, {
          userId: userId(request),
          key: request.headers[IDEMPOTENCY_HEADER] as string,
          hash: requestHash(request.body),
          body: request.body,
          lang,
          by: actorOf(request),
          ip: request.ip,
        });
        const order = await orderAnswer(ctx, placed.orderId, lang);
        if (placed.replayed) reply.header('idempotent-replayed', 'true');
        const code = placed.replayed ? 200 : 201;
        return reply.code(code).send(envelope({ order, guest_key: null }, code));
      },
    );

    app.post(
      '/v1/orders/quote',
      {
        config: member,
        schema: {
          description:
            'What POST /shop/v1/orders would order and charge for the same body now (items, subtotal, shipping, VAT, LVP and points used, net amount), with the same refusals. Writes nothing; no Idempotency-Key.',
          body: checkoutBody,
          response: { 200: envelopeOf(orderQuoteSchema) },
        },
      },
      async (request) =>
        envelope(
          await memberQuote(ctx, { userId: userId(request), body: request.body, lang: languageOf(request) }),
        ),
    );

    app.get(
      '/v1/orders',
      {
        config: member,
        schema: { querystring: orderListQuery, response: { 200: envelopeOf(pageOf(orderSchema)) } },
      },
      async (request) => envelope(await myOrders(ctx, userId(request), request.query, languageOf(request))),
    );

    app.get(
      '/v1/orders/:number',
      { config: member, schema: { params: orderNumberParam, response: { 200: envelopeOf(orderSchema) } } },
      async (request) => {
        const rec = await ownOrder(ctx, userId(request), request.params.number);
        return envelope(await orderAnswer(ctx, rec, languageOf(request)));
      },
    );

    /** Only while unpaid: a paid order is canceled (refunded) by staff. */
    app.post(
      '/v1/orders/:number/cancel',
      {
        config: member,
        schema: {
          params: orderNumberParam,
          body: z.strictObject({ reason: z.string().trim().max(500).optional() }).nullish(),
          response: { 200: envelopeOf(orderSchema) },
        },
      },
      async (request) => {
        const uid = userId(request);
        const orderId = await cancelOrder(ctx, request.params.number, actorOf(request), {
          ownerUserId: uid,
          allowPaid: false,
          reason: request.body?.reason || null,
        });
        return envelope(await orderAnswer(ctx, orderId, languageOf(request)));
      },
    );

    /** A transfer slip (multipart `file`: PNG, GIF, JPEG or PDF, recognised by its bytes). */
    app.post(
      '/v1/orders/:number/slip',
      { config: member, schema: { params: orderNumberParam, response: { 200: envelopeOf(orderSchema) } } },
      async (request) => {
        const rec = await ownOrder(ctx, userId(request), request.params.number);
        const form = await readMultipart(request, ctx.config.uploadMaxBytes);
        if (!form.file)
          throw new AppError(422, 'VALIDATION_ERROR', 'Choose a file to upload', {
            file: ['Choose a file to upload'],
          });
        const file = await checkDocumentFile(form.file, ctx.config.uploadMaxBytes);
        await submitSlip(ctx, rec.order.id, file, actorOf(request));
        return envelope(await orderAnswer(ctx, rec.order.id, languageOf(request)));
      },
    );

    app.get(
      '/v1/orders/:number/slips/:slipId/file',
      {
        config: member,
        schema: {
          params: orderNumberParam.extend({ slipId: bigintIdParam }),
          response: { 200: slipFileAnswer },
        },
      },
      async (request, reply) => {
        const rec = await ownOrder(ctx, userId(request), request.params.number);
        return sendSlip(ctx, reply, rec.order.id, request.params.slipId);
      },
    );
  };
