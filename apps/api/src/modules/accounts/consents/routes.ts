import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@portal/contracts/envelope';
import { consentBody, consentsSchema } from '@portal/contracts/privacy';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { acceptConsent, consentStates } from './service';

/** The member's acceptances of the terms and the privacy notice (decision 045). */
export const consentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/me/consents',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { response: { 200: envelopeOf(consentsSchema) } },
      },
      async (request) => envelope(await consentStates(ctx.db, userId(request))),
    );

    app.post(
      '/v1/me/consents',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { body: consentBody, response: { 200: envelopeOf(consentsSchema) } },
      },
      async (request) => envelope(await acceptConsent(ctx.db, userId(request), request.body, request.ip)),
    );
  };
