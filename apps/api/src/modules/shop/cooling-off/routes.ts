import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  coolingOffBody,
  coolingOffStateSchema,
  staffCoolingOffQuery,
  staffCoolingOffRow,
} from '@portal/contracts/sale-document';
import { envelopeOf, ORDER_KEY_HEADER, orderNumberParam } from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { staffActor } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { actorOf, type Actor } from '../audit';
import { shopErrors } from '../errors';
import { orderByNo } from '../orders/repository';
import { buyersOrder } from '../tax/routes';
import { coolingOffState, deskRequests, goodsReceived, refundCoolingOff, requestCoolingOff } from './service';

const buyer = { access: 'public' as const, suspended: 'allow' as const };
const guestHeaders = z.object({ [ORDER_KEY_HEADER]: z.string().min(16).max(100).optional() });
const stateAnswer = { 200: envelopeOf(coolingOffStateSchema), 201: envelopeOf(coolingOffStateSchema) };

/** The buyer's cancellation within the cooling-off period (issue 22 item 4, decision 042). */
export const coolingOffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/orders/:number/cooling-off',
      {
        config: buyer,
        schema: {
          description:
            "Whether the buyer may cancel the delivered order within the Direct Sales Act's 7 days, until when, and their request. A guest sends X-Order-Key.",
          params: orderNumberParam,
          headers: guestHeaders,
          response: { 200: envelopeOf(coolingOffStateSchema) },
        },
      },
      async (request) =>
        envelope(await coolingOffState(ctx, await buyersOrder(ctx, request, request.params.number))),
    );

    app.post(
      '/v1/orders/:number/cooling-off',
      {
        config: buyer,
        schema: {
          description:
            'The buyer cancels a delivered order within 7 days of its delivery (201; the same request again 200). After the period: 409 ORDER_STATUS_CONFLICT naming the day it ended. Staff then record the goods received back and refund within 15 days. A guest sends X-Order-Key.',
          params: orderNumberParam,
          headers: guestHeaders,
          body: coolingOffBody,
          response: stateAnswer,
        },
      },
      async (request, reply) => {
        const rec = await buyersOrder(ctx, request, request.params.number);
        const { created } = await requestCoolingOff(
          ctx,
          rec.order.orderNo,
          request.body?.reason || null,
          actorOf(request),
        );
        const code = created ? 201 : 200;
        const fresh = (await orderByNo(ctx.db, rec.order.orderNo))!;
        return reply.code(code).send(envelope(await coolingOffState(ctx, fresh), code));
      },
    );
  };

const decider = (request: FastifyRequest): Actor => {
  const id = staffActor(request);
  return { actor: `user:${id}`, userId: id };
};

/** The desk's side: the requests, the goods received back, the refund. */
export const staffCoolingOffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = { access: 'staff' as const };
    const stateOf = async (orderNo: string) => {
      const rec = await orderByNo(ctx.db, orderNo);
      if (!rec) throw shopErrors.orderNotFound();
      return envelope(await coolingOffState(ctx, rec));
    };

    app.get(
      '/v1/cooling-off',
      {
        config: staff,
        schema: {
          description:
            'Cancellations asked within the cooling-off period: the open ones (not refunded yet), or all',
          querystring: staffCoolingOffQuery,
          response: { 200: envelopeOf(z.array(staffCoolingOffRow)) },
        },
      },
      async (request) => envelope(await deskRequests(ctx, request.query.state === 'open')),
    );

    app.get(
      '/v1/orders/:number/cooling-off',
      {
        config: staff,
        schema: {
          description: "An order's cancellation within the cooling-off period, as its buyer sees it",
          params: orderNumberParam,
          response: { 200: envelopeOf(coolingOffStateSchema) },
        },
      },
      async (request) => stateOf(request.params.number),
    );

    app.post(
      '/v1/orders/:number/cooling-off/goods-received',
      {
        config: staff,
        schema: {
          description: 'The goods of a cancellation came back: recorded once, their units back on the shelf',
          params: orderNumberParam,
          body: z.strictObject({}).nullish(),
          response: { 200: envelopeOf(coolingOffStateSchema) },
        },
      },
      async (request) => {
        await goodsReceived(ctx, request.params.number, decider(request));
        return stateOf(request.params.number);
      },
    );

    app.post(
      '/v1/orders/:number/cooling-off/refund',
      {
        config: staff,
        schema: {
          description:
            "The cancellation's refund, once the goods came back: the order is canceled as the desk's refund does it (the engine reverses its PV, LVP and income; a credit note is issued). 409 before the goods are received.",
          params: orderNumberParam,
          body: z.strictObject({}).nullish(),
          response: { 200: envelopeOf(coolingOffStateSchema) },
        },
      },
      async (request) => {
        await refundCoolingOff(ctx, request.params.number, decider(request));
        return stateOf(request.params.number);
      },
    );
  };
