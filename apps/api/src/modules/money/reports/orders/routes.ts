import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderDetailSchema,
  orderItemDetailSchema,
  orderItemRowSchema,
  orderListQuery,
  orderRowSchema,
  orderSummarySchema,
  reportIdParams,
  reportItemParams,
  reportListQuery,
  reportRangeQuery,
} from '@portal/contracts/reports';
import { envelopeOf, pageOf } from '@portal/contracts/shop';
import type { AppContext } from '../../../../context';
import { userId } from '../../../../plugins/auth';
import { envelope } from '../../../../plugins/envelope';
import { itemDetail, listItems, listOrders, orderDetail, orderSummary } from './service';

const mine = { access: 'user' as const };

/** report/order, order/summary, order/{id}, order/item, order/item/{itemId} (the member's own). */
export const orderReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/report/order',
      {
        config: mine,
        schema: { querystring: orderListQuery, response: { 200: envelopeOf(pageOf(orderRowSchema)) } },
      },
      async (request) => envelope(await listOrders(ctx.db, userId(request), request.query)),
    );

    app.get(
      '/report/order/summary',
      {
        config: mine,
        schema: { querystring: reportRangeQuery, response: { 200: envelopeOf(orderSummarySchema) } },
      },
      async (request) => envelope(await orderSummary(ctx.db, userId(request), request.query)),
    );

    app.get(
      '/report/order/:id',
      { config: mine, schema: { params: reportIdParams, response: { 200: envelopeOf(orderDetailSchema) } } },
      async (request) => envelope(await orderDetail(ctx.db, userId(request), request.params.id)),
    );

    app.get(
      '/report/order/item',
      {
        config: mine,
        schema: { querystring: reportListQuery, response: { 200: envelopeOf(pageOf(orderItemRowSchema)) } },
      },
      async (request) => envelope(await listItems(ctx.db, userId(request), request.query)),
    );

    app.get(
      '/report/order/item/:itemId',
      {
        config: mine,
        schema: { params: reportItemParams, response: { 200: envelopeOf(orderItemDetailSchema) } },
      },
      async (request) => envelope(await itemDetail(ctx.db, userId(request), request.params.itemId)),
    );
  };
