import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@portal/contracts/envelope';
import { kycOverviewSchema } from '@portal/contracts/kyc';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { kycOverviewOf, submitKyc } from './service';

/** The member's side of KYC: where it stands with what is missing, and the submission for review. */
export const kycRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/me/kyc',
      {
        config: { access: 'user', suspended: 'kyc' },
        schema: { response: { 200: envelopeOf(kycOverviewSchema) } },
      },
      async (request) => envelope(await kycOverviewOf(ctx.db, ctx.config.kyc, { userId: userId(request) })),
    );

    app.post(
      '/v1/me/kyc/submit',
      {
        config: { access: 'user', suspended: 'kyc' },
        schema: { body: z.strictObject({}).nullish(), response: { 200: envelopeOf(kycOverviewSchema) } },
      },
      async (request) => envelope(await submitKyc(ctx.db, ctx.config.kyc, userId(request))),
    );
  };
