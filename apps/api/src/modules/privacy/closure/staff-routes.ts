import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeOf, pageOf } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import {
  closureApproveBody,
  closureQueueQuery,
  closureRejectBody,
  staffClosureRequestSchema,
} from '@portal/contracts/privacy';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { approveClosure, closureQueue, rejectClosure } from './service';

const idParams = z.object({ id: bigintIdParam });
const staff = { access: 'staff' as const };
const one = { 200: envelopeOf(staffClosureRequestSchema) };

/** A decision names a person: an application client may read the list but not decide. */
function decider(request: FastifyRequest): number {
  if (request.principal?.kind !== 'user')
    throw new AppError(403, 'FORBIDDEN', 'Only a signed-in staff member may decide');
  return userId(request);
}

/** Staff review of members' requests to close their accounts (decision 044). */
export const staffClosureRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/closure-requests',
      {
        config: staff,
        schema: {
          querystring: closureQueueQuery,
          response: { 200: envelopeOf(pageOf(staffClosureRequestSchema)) },
        },
      },
      async (request) => envelope(await closureQueue(ctx, request.query)),
    );

    /** Approving erases the member's personal data, in one transaction; it cannot be undone. */
    app.post(
      '/v1/closure-requests/:id/approve',
      { config: staff, schema: { params: idParams, body: closureApproveBody, response: one } },
      async (request) =>
        envelope(
          await approveClosure(ctx, decider(request), request.params.id, request.body.note, request.log),
        ),
    );

    app.post(
      '/v1/closure-requests/:id/reject',
      { config: staff, schema: { params: idParams, body: closureRejectBody, response: one } },
      async (request) =>
        envelope(await rejectClosure(ctx, decider(request), request.params.id, request.body.reason)),
    );
  };
