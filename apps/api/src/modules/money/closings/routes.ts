import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  closingDetailSchema,
  closingListQuery,
  closingRequestSchema,
  closingStatusSchema,
  engineRunSchema,
  startClosingBody,
  startClosingQuery,
} from '@portal/contracts/engine';
import { pageAnswer } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import { envelopeOf, pageOf } from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { notFound } from '../../../lib/errors';
import { staffActor } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { listRuns, requestById, runById, runsOn } from './repository';
import { closingStatus, startClosing, type InFlight } from './service';

const staff = { access: 'staff' as const };
const idParams = z.object({ id: bigintIdParam });

/**
 * Closing runs (/staff/v1/closings): every run the engine recorded (daily closings, MTA months, hold
 * deadlines, payout runs) with its counts and totals, where the closings stand, and starting the
 * closing of a day that may be closed (it runs after the answer; the page follows it).
 */
export const staffClosingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const inFlight: InFlight = new Set();
    // A closing started here finishes (or rolls back) before the app lets its database go.
    app.addHook('onClose', async () => {
      await Promise.allSettled([...inFlight]);
    });

    app.get(
      '/v1/closings',
      {
        config: staff,
        schema: { querystring: closingListQuery, response: { 200: envelopeOf(pageOf(engineRunSchema)) } },
      },
      async (request) => {
        const q = request.query;
        const { items, total } = await listRuns(ctx.db, q);
        return envelope(pageAnswer(items, total, q));
      },
    );

    app.get(
      '/v1/closings/status',
      { config: staff, schema: { response: { 200: envelopeOf(closingStatusSchema) } } },
      async () => envelope(await closingStatus(ctx)),
    );

    app.get(
      '/v1/closings/requests/:id',
      { config: staff, schema: { params: idParams, response: { 200: envelopeOf(closingRequestSchema) } } },
      async (request) => {
        const found = await requestById(ctx.db, request.params.id);
        if (!found) throw notFound();
        return envelope(found);
      },
    );

    app.get(
      '/v1/closings/:id',
      { config: staff, schema: { params: idParams, response: { 200: envelopeOf(closingDetailSchema) } } },
      async (request) => {
        const run = await runById(ctx.db, request.params.id);
        if (!run) throw notFound();
        const sameDay = (await runsOn(ctx.db, run.business_date)).filter((r) => r.id !== run.id);
        return envelope({ ...run, same_day: sameDay });
      },
    );

    app.post(
      '/v1/closings',
      {
        config: staff,
        schema: {
          body: startClosingBody,
          querystring: startClosingQuery,
          response: { 200: envelopeOf(closingRequestSchema), 202: envelopeOf(closingRequestSchema) },
        },
      },
      async (request, reply) => {
        const wait = request.query.wait === 'true';
        const started = await startClosing(
          ctx,
          request.log,
          inFlight,
          request.body.date,
          staffActor(request),
          wait,
        );
        const code = wait ? 200 : 202;
        return reply.code(code).send(envelope(started, code));
      },
    );
  };
