import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartAddBody,
  cartItemSchema,
  cartQuery,
  cartSchema,
  cartSetBody,
  cartUserParam,
  envelopeOf,
  productCodeParam,
} from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { viewOf } from '../catalog/view';
import { shopNow } from '../clock';
import { shopErrors } from '../errors';
import { addItem, cartOf, removeItem, setItem } from './service';

/**
 * The member's cart. A suspended member may still shop (plan 5.1 holds the PV of what they buy),
 * so these routes stay reachable for them.
 */
const member = { access: 'user' as const, suspended: 'allow' as const };

export const cartRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cart = async (request: Parameters<typeof viewOf>[1], uid: number) => {
      const now = await shopNow(ctx);
      return cartOf(ctx.db, uid, await viewOf(ctx, request, 'member', now), now);
    };

    /** The spec's call: the items with their quantities, for the signed-in user only. */
    app.get(
      '/cart/:userId',
      {
        config: member,
        schema: {
          params: cartUserParam,
          querystring: cartQuery,
          response: { 200: envelopeOf(z.array(cartItemSchema)) },
        },
      },
      async (request, reply) => {
        const uid = userId(request);
        // Another user's cart does not exist as far as this caller can tell.
        if (request.params.userId !== uid) throw shopErrors.orderNotFound();
        reply.header('cache-control', 'no-store');
        return envelope((await cart(request, uid)).items);
      },
    );

    app.get(
      '/v1/cart',
      { config: member, schema: { response: { 200: envelopeOf(cartSchema) } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return envelope(await cart(request, userId(request)));
      },
    );

    app.post(
      '/v1/cart/items',
      { config: member, schema: { body: cartAddBody, response: { 200: envelopeOf(cartSchema) } } },
      async (request) => {
        const uid = userId(request);
        await addItem(ctx.db, uid, request.body.product_code, request.body.quantity);
        return envelope(await cart(request, uid));
      },
    );

    app.put(
      '/v1/cart/items/:productCode',
      {
        config: member,
        schema: { params: productCodeParam, body: cartSetBody, response: { 200: envelopeOf(cartSchema) } },
      },
      async (request) => {
        const uid = userId(request);
        await setItem(ctx.db, uid, request.params.productCode, request.body.quantity);
        return envelope(await cart(request, uid));
      },
    );

    app.delete(
      '/v1/cart/items/:productCode',
      { config: member, schema: { params: productCodeParam, response: { 200: envelopeOf(cartSchema) } } },
      async (request) => {
        const uid = userId(request);
        await removeItem(ctx.db, uid, request.params.productCode);
        return envelope(await cart(request, uid));
      },
    );
  };
