import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bigintIdParam } from '@portal/contracts/ids';
import {
  dropshipIncomeBody,
  dropshipIncomeSchema,
  dropshipIncomeUpdateBody,
  envelopeOf,
  pageOf,
} from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { envelope } from '../../../plugins/envelope';
import { actorOf } from '../audit';
import {
  correctDropshipLine,
  dropshipPage,
  dropshipRow,
  dropshipRowsOfOrder,
  recordDropshipSale,
} from './dropship';

/** Application clients (confidential) and staff only: income is not the public's to write or read. */
const staff = { access: 'staff' as const };
const idParams = z.object({ id: bigintIdParam });

/** The spec's `POST /dropship_income`, `GET, PUT /dropship_income/{id}` (plan 4.6). */
export const dropshipRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/dropship_income',
      {
        config: staff,
        schema: {
          body: dropshipIncomeBody,
          response: {
            200: envelopeOf(z.array(dropshipIncomeSchema)),
            201: envelopeOf(z.array(dropshipIncomeSchema)),
          },
        },
      },
      async (request, reply) => {
        const placed = await recordDropshipSale(ctx, request.body, actorOf(request));
        const code = placed.replayed ? 200 : 201;
        return reply.code(code).send(envelope(await dropshipRowsOfOrder(ctx.db, placed.orderId), code));
      },
    );

    app.get(
      '/dropship_income',
      {
        config: staff,
        schema: {
          querystring: z.object({
            member_uuid: z.uuid().optional(),
            page: z.coerce.number().int().min(1).default(1),
            per_page: z.coerce.number().int().min(1).max(100).default(10),
          }),
          response: { 200: envelopeOf(pageOf(dropshipIncomeSchema)) },
        },
      },
      async (request) => envelope(await dropshipPage(ctx.db, request.query)),
    );

    app.get(
      '/dropship_income/:id',
      { config: staff, schema: { params: idParams, response: { 200: envelopeOf(dropshipIncomeSchema) } } },
      async (request) => envelope(await dropshipRow(ctx.db, request.params.id)),
    );

    app.put(
      '/dropship_income/:id',
      {
        config: staff,
        schema: {
          params: idParams,
          body: dropshipIncomeUpdateBody,
          response: { 200: envelopeOf(dropshipIncomeSchema) },
        },
      },
      async (request) =>
        envelope(await correctDropshipLine(ctx, request.params.id, request.body, actorOf(request))),
    );
  };
