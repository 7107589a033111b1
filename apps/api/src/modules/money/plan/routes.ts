import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  planVersionBody,
  planViewSchema,
  simulationQueueSchema,
  simulationResultSchema,
  simulationScenarioBody,
} from '@portal/contracts/engine';
import { envelopeOf } from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { staffActor } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { newPlanVersion, planView, simulateScenario, simulationQueue } from './service';

const staff = { access: 'staff' as const };

/** Whose simulation: a staff member's, or a confidential client's. */
const ownerOf = (request: FastifyRequest) =>
  request.principal?.kind === 'user'
    ? `user:${request.principal.userId}`
    : `client:${request.principal?.clientId}`;

/**
 * The plan (/staff/v1/plan, plan section 7): the version in force and every version; a new version
 * from a date; and the simulator (section 13): a scenario in, its result out.
 */
export const staffPlanRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/plan',
      { config: staff, schema: { response: { 200: envelopeOf(planViewSchema) } } },
      async () => envelope(await planView(ctx)),
    );

    app.post(
      '/v1/plan/versions',
      { config: staff, schema: { body: planVersionBody, response: { 201: envelopeOf(planViewSchema) } } },
      async (request, reply) => {
        await newPlanVersion(ctx, request.body, staffActor(request));
        return reply.code(201).send(envelope(await planView(ctx), 201));
      },
    );

    app.post(
      '/v1/plan/simulate',
      {
        // A scenario is larger than a form (the simulator's own limits say how large: issue 19).
        config: { ...staff, maxFields: 500_000 },
        bodyLimit: 5 * 1024 * 1024,
        schema: { body: simulationScenarioBody, response: { 200: envelopeOf(simulationResultSchema) } },
      },
      async (request, reply) => {
        // The client may go away before the result: then the run stops (and leaves the queue).
        const clientGone = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) clientGone.abort(new Error('the client went away'));
        });
        return envelope(await simulateScenario(ctx, request.body, ownerOf(request), clientGone.signal));
      },
    );

    app.get(
      '/v1/plan/simulate/queue',
      { config: staff, schema: { response: { 200: envelopeOf(simulationQueueSchema) } } },
      async (request) => envelope(simulationQueue(ctx, ownerOf(request))),
    );
  };
