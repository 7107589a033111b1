import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentBody,
  adjustmentListQuery,
  adjustmentSchema,
  memberBalanceSchema,
  memberSearchQuery,
} from '@portal/contracts/engine';
import { pageAnswer } from '@portal/contracts/envelope';
import { envelopeOf, pageOf } from '@portal/contracts/shop';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { staffActor } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { findMembers, listAdjustments } from './repository';
import { adjustBalance } from './service';

const staff = { access: 'staff' as const };

/**
 * Manual LVP and point adjustments (/staff/v1/adjustments): find a member with their balances, adjust
 * one with a remark (type OTHER, audited), and the adjustments made.
 */
export const staffAdjustmentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/adjustments/members',
      {
        config: staff,
        schema: {
          querystring: memberSearchQuery,
          response: { 200: envelopeOf(z.array(memberBalanceSchema)) },
        },
      },
      async (request) => envelope(await findMembers(ctx.db, request.query.q)),
    );

    app.get(
      '/v1/adjustments',
      {
        config: staff,
        schema: { querystring: adjustmentListQuery, response: { 200: envelopeOf(pageOf(adjustmentSchema)) } },
      },
      async (request) => {
        const q = request.query;
        const { items, total } = await listAdjustments(ctx.db, q);
        return envelope(pageAnswer(items, total, q));
      },
    );

    app.post(
      '/v1/adjustments',
      { config: staff, schema: { body: adjustmentBody, response: { 201: envelopeOf(adjustmentSchema) } } },
      async (request, reply) => {
        const made = await adjustBalance(ctx, request.body, staffActor(request));
        return reply.code(201).send(envelope(made, 201));
      },
    );
  };
