import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeOf, pageAnswer, pageOf } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import { kycApproveBody, kycRejectBody } from '@portal/contracts/kyc';
import { MSG } from '@portal/contracts/messages';
import { kycCaseSchema, kycQueueItemSchema, kycQueueQuery } from '@portal/contracts/staff';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { documentById } from '../documents/repository';
import { documentFileAnswer, sendDocumentFile } from '../documents/files';
import { logDocumentViews } from '../documents/views';
import { decide, startReview } from './service';
import { endAccessStamped } from '../../accounts';
import { kycCase, kycQueue } from './staff-repository';

const memberParams = z.object({ memberId: bigintIdParam });
const idParams = z.object({ id: bigintIdParam });
const staff = { access: 'staff' as const };
const caseAnswer = { 200: envelopeOf(kycCaseSchema) };

/** The person deciding: an application client may read the queue but not decide. */
function reviewer(request: FastifyRequest): number {
  if (request.principal?.kind !== 'user')
    throw new AppError(403, 'FORBIDDEN', 'Only a signed-in staff member may decide');
  return userId(request);
}

/**
 * KYC review for staff and admins (a member's token answers 403). Decisions need a signed-in staff
 * user: the audit trail names a person, so an application client may read but not decide.
 */
export const staffKycRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    /** A KYC that ends a suspension changes the member's standing: their tokens end, a refresh renews. */
    const standingMayHaveChanged = async (result: { standingChanged: number | null }) => {
      if (result.standingChanged !== null) await endAccessStamped(ctx, [result.standingChanged]);
    };
    const detail = async (memberId: number) => {
      const found = await kycCase(ctx.db, ctx.config.kyc, memberId);
      if (!found) throw new AppError(404, 'NOT_FOUND', MSG.notFound);
      return envelope(found);
    };

    app.get(
      '/v1/kyc',
      {
        config: staff,
        schema: { querystring: kycQueueQuery, response: { 200: envelopeOf(pageOf(kycQueueItemSchema)) } },
      },
      async (request) => {
        const q = request.query;
        const { items, total } = await kycQueue(ctx.db, q);
        return envelope(pageAnswer(items, total, q));
      },
    );

    /** Opening a case shows the member's documents: each one listed is logged as seen (decision 044). */
    app.get(
      '/v1/kyc/:memberId',
      { config: staff, schema: { params: memberParams, response: caseAnswer } },
      async (request) => {
        const answer = await detail(request.params.memberId);
        const userId = answer.data.member.user_id;
        await logDocumentViews(
          ctx.db,
          request,
          'case',
          answer.data.documents.map((d) => ({ id: d.id, userId, type: d.type })),
        );
        return answer;
      },
    );

    app.post(
      '/v1/kyc/:memberId/start',
      {
        config: staff,
        schema: { params: memberParams, body: z.strictObject({}).nullish(), response: caseAnswer },
      },
      async (request) => {
        await startReview(ctx.db, reviewer(request), request.params.memberId);
        return detail(request.params.memberId);
      },
    );

    app.post(
      '/v1/kyc/:memberId/approve',
      { config: staff, schema: { params: memberParams, body: kycApproveBody, response: caseAnswer } },
      async (request) => {
        await standingMayHaveChanged(
          await decide(ctx, reviewer(request), request.params.memberId, {
            target: request.body.target,
            approve: true,
          }),
        );
        return detail(request.params.memberId);
      },
    );

    app.post(
      '/v1/kyc/:memberId/reject',
      { config: staff, schema: { params: memberParams, body: kycRejectBody, response: caseAnswer } },
      async (request) => {
        const { target, reason_key, reason } = request.body;
        await standingMayHaveChanged(
          await decide(ctx, reviewer(request), request.params.memberId, {
            target,
            approve: false,
            reasonKey: reason_key,
            reason,
          }),
        );
        return detail(request.params.memberId);
      },
    );

    /** Any member's document file, as an attachment; the download is logged (decision 044). */
    app.get(
      '/v1/documents/:id/file',
      { config: staff, schema: { params: idParams, response: { 200: documentFileAnswer } } },
      async (request, reply) => {
        const row = await documentById(ctx.db, request.params.id);
        if (!row) throw new AppError(404, 'NOT_FOUND_DOCUMENT', MSG.notFoundDocument);
        await logDocumentViews(ctx.db, request, 'file', [row]);
        return sendDocumentFile(ctx, reply, row);
      },
    );
  };
