import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bigintIdParam } from '@portal/contracts/ids';
import {
  envelopeOf,
  orderNumberParam,
  pageOf,
  reasonBody,
  shipBody,
  staffOrderSchema,
} from '@portal/contracts/shop';
import { staffOrderListQuery, staffOrderListRow } from '@portal/contracts/shop-holds';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { envelope } from '../../../plugins/envelope';
import { actorOf, type Actor } from '../audit';
import { languageOf } from '../language';
import { sendSlip, slipFileAnswer } from './slips';
import { cancelOrder, fulfil } from './service';
import {
  confirmOrderSlip,
  deskOrder,
  deskOrderId,
  deskOrders,
  rejectOrderSlip,
  releaseHold,
} from './staff-service';

const staff = { access: 'staff' as const };
const one = { params: orderNumberParam, response: { 200: envelopeOf(staffOrderSchema) } };

/** A decision names a person in the audit trail: an application client may read the desk, not act. */
function decider(request: FastifyRequest): Actor {
  if (request.principal?.kind !== 'user')
    throw new AppError(403, 'FORBIDDEN', 'Only a signed-in staff member may do this');
  return actorOf(request);
}

/**
 * The orders desk (/staff/v1/orders): find orders, confirm or reject transfer slips, move paid
 * orders through packing and shipping, cancel or refund with a reason. Every action is in the
 * order's audit trail (shown with the order).
 */
export const staffOrderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const answer = async (request: FastifyRequest, orderNo: string) =>
      envelope(await deskOrder(ctx, orderNo, languageOf(request)));

    app.get(
      '/v1/orders',
      {
        config: staff,
        schema: {
          description:
            'Orders found by number, member, buyer, guest or client address; `holding=true` lists the unpaid orders holding stock, each with its hold (until when, units, address).',
          querystring: staffOrderListQuery,
          response: { 200: envelopeOf(pageOf(staffOrderListRow)) },
        },
      },
      async (request) => envelope(await deskOrders(ctx, request.query)),
    );

    app.get('/v1/orders/:number', { config: staff, schema: one }, async (request) =>
      answer(request, request.params.number),
    );

    /** Confirms the waiting slip: the order is paid and posts its points. A second confirmation pays nothing more. */
    app.post(
      '/v1/orders/:number/payment/confirm',
      { config: staff, schema: { ...one, body: z.strictObject({}).nullish() } },
      async (request) => {
        await confirmOrderSlip(ctx, request.params.number, decider(request));
        return answer(request, request.params.number);
      },
    );

    app.post(
      '/v1/orders/:number/payment/reject',
      { config: staff, schema: { ...one, body: reasonBody } },
      async (request) => {
        await rejectOrderSlip(ctx, request.params.number, request.body.reason, decider(request));
        return answer(request, request.params.number);
      },
    );

    app.post(
      '/v1/orders/:number/packing',
      { config: staff, schema: { ...one, body: z.strictObject({}).nullish() } },
      async (request) => {
        await fulfil(ctx, request.params.number, 'packing', decider(request));
        return answer(request, request.params.number);
      },
    );

    app.post(
      '/v1/orders/:number/ship',
      { config: staff, schema: { ...one, body: shipBody } },
      async (request) => {
        await fulfil(ctx, request.params.number, 'shipped', decider(request), request.body);
        return answer(request, request.params.number);
      },
    );

    app.post(
      '/v1/orders/:number/deliver',
      { config: staff, schema: { ...one, body: z.strictObject({}).nullish() } },
      async (request) => {
        await fulfil(ctx, request.params.number, 'delivered', decider(request));
        return answer(request, request.params.number);
      },
    );

    /** Cancels an unpaid order, or refunds a paid one: the engine reverses its points and income (plan 2.4). */
    app.post(
      '/v1/orders/:number/cancel',
      { config: staff, schema: { ...one, body: reasonBody } },
      async (request) => {
        await cancelOrder(ctx, request.params.number, decider(request), {
          allowPaid: true,
          reason: request.body.reason,
        });
        return answer(request, request.params.number);
      },
    );

    app.post(
      '/v1/orders/:number/release',
      {
        config: staff,
        schema: {
          ...one,
          description:
            "Releases an unpaid order's hold on the shelf: the order is canceled (units back, LVP and points back, payment canceled), audited as hold_released with the reason. A paid order answers 409 ORDER_NOT_CANCELABLE.",
          body: reasonBody,
        },
      },
      async (request) => {
        await releaseHold(ctx, request.params.number, request.body.reason, decider(request));
        return answer(request, request.params.number);
      },
    );

    app.get(
      '/v1/orders/:number/slips/:slipId/file',
      {
        config: staff,
        schema: {
          params: orderNumberParam.extend({ slipId: bigintIdParam }),
          response: { 200: slipFileAnswer },
        },
      },
      async (request, reply) => {
        return sendSlip(ctx, reply, await deskOrderId(ctx, request.params.number), request.params.slipId);
      },
    );
  };
