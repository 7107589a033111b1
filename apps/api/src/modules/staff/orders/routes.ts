import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { lastPage } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import {
  envelopeOf,
  orderNumberParam,
  pageOf,
  reasonBody,
  shipBody,
  staffOrderQuery,
  staffOrderRow,
  staffOrderSchema,
} from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { orders } from '../../../db/schema/compensation';
import { AppError } from '../../../lib/errors';
import { envelope } from '../../../plugins/envelope';
import { actorOf, type Actor } from '../../shop/audit';
import { shopNow } from '../../shop/clock';
import { shopErrors } from '../../shop/errors';
import { languageOf } from '../../shop/language';
import { sendSlip, slipFileAnswer } from '../../shop/orders/routes';
import { orderByNo, orderSearch, pageOfOrders, slipWaiting } from '../../shop/orders/repository';
import { cancelOrder, fulfil } from '../../shop/orders/service';
import { staffOrderView } from '../../shop/orders/view';
import { confirmSlip, rejectSlip } from '../../shop/payments/service';
import { paymentsOf } from '../../shop/payments/repository';

const staff = { access: 'staff' as const };
type Row = z.infer<typeof staffOrderRow>;
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
    const answer = async (request: FastifyRequest, orderNo: string) => {
      const rec = await orderByNo(ctx.db, orderNo);
      if (!rec) throw shopErrors.orderNotFound();
      return envelope(await staffOrderView(ctx.db, rec, languageOf(request), ctx.config.shop));
    };

    app.get(
      '/v1/orders',
      {
        config: staff,
        schema: { querystring: staffOrderQuery, response: { 200: envelopeOf(pageOf(staffOrderRow)) } },
      },
      async (request) => {
        const q = request.query;
        const where: SQL | undefined = and(
          q.q ? orderSearch(q.q) : undefined,
          q.status ? eq(orders.status, q.status) : undefined,
          q.payment_status ? eq(orders.paymentStatus, q.payment_status) : undefined,
          q.order_type ? eq(orders.orderType, q.order_type) : undefined,
          q.slip_waiting === 'true' ? slipWaiting : undefined,
        );
        const { rows, total } = await pageOfOrders(ctx.db, where, q.per_page, (q.page - 1) * q.per_page);
        const payments = await paymentsOf(
          ctx.db,
          rows.map((r) => r.order.id),
        );
        return envelope({
          items: rows.map((r) => {
            const customer = r.shop.customer as { name: string } | null;
            const payment = payments.get(r.order.id);
            return {
              order_no: r.order.orderNo,
              order_type: r.order.orderType as Row['order_type'],
              channel: r.shop.channel as Row['channel'],
              status: r.order.status as Row['status'],
              payment_status: r.order.paymentStatus as Row['payment_status'],
              total_amount: r.order.totalAmount,
              net_amount: r.order.netAmount,
              created_at: r.order.createdAt.toISOString(),
              paid_at: r.order.paidAt?.toISOString() ?? null,
              buyer_name: customer?.name ?? r.buyerName,
              member_code: r.memberCode,
              payment_method: payment?.method ?? r.shop.paymentMethod,
              slip_waiting: payment?.state === 'submitted',
            };
          }),
          pagination: { page: q.page, per_page: q.per_page, total, last_page: lastPage(total, q.per_page) },
        });
      },
    );

    app.get('/v1/orders/:number', { config: staff, schema: one }, async (request) =>
      answer(request, request.params.number),
    );

    /** Confirms the waiting slip: the order is paid and posts its points. A second confirmation pays nothing more. */
    app.post(
      '/v1/orders/:number/payment/confirm',
      { config: staff, schema: { ...one, body: z.strictObject({}).nullish() } },
      async (request) => {
        const by = decider(request);
        const rec = await orderByNo(ctx.db, request.params.number);
        if (!rec) throw shopErrors.orderNotFound();
        const when = await shopNow(ctx);
        await ctx.db.transaction((tx) => confirmSlip(tx, rec.order.id, when, by));
        return answer(request, request.params.number);
      },
    );

    app.post(
      '/v1/orders/:number/payment/reject',
      { config: staff, schema: { ...one, body: reasonBody } },
      async (request) => {
        const by = decider(request);
        const rec = await orderByNo(ctx.db, request.params.number);
        if (!rec) throw shopErrors.orderNotFound();
        await ctx.db.transaction((tx) => rejectSlip(tx, rec.order.id, request.body.reason, by));
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
        const rec = await orderByNo(ctx.db, request.params.number);
        if (!rec) throw shopErrors.orderNotFound();
        return sendSlip(ctx, reply, rec.order.id, request.params.slipId);
      },
    );
  };
