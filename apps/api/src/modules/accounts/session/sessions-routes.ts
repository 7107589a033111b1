import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@portal/contracts/envelope';
import { sessionInfoSchema, signedOutOthersSchema } from '@portal/contracts/identity';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { notFound } from '../../../lib/errors';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { mySessions, signOutDevice, signOutOtherDevices } from './service';

/** The devices signed in (one per refresh-token family still alive), for the settings page. */
export const sessionsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/me/sessions',
      { config: { access: 'user' }, schema: { response: { 200: envelopeOf(z.array(sessionInfoSchema)) } } },
      async (request) => {
        const current = request.principal?.kind === 'user' ? request.principal.sessionId : '';
        return envelope(await mySessions(ctx, userId(request), current));
      },
    );

    /** "Sign out all other devices": every session of the member but the one asking. */
    app.delete(
      '/v1/me/sessions',
      {
        config: { access: 'user' },
        schema: { response: { 200: envelopeOf(signedOutOthersSchema) } },
      },
      async (request) => {
        const current = request.principal?.kind === 'user' ? request.principal.sessionId : '';
        return envelope({ signed_out: await signOutOtherDevices(ctx, userId(request), current) });
      },
    );

    /** Signs one device out: its refresh tokens and its access tokens stop working at once. */
    app.delete(
      '/v1/me/sessions/:sessionId',
      {
        config: { access: 'user' },
        schema: {
          params: z.object({ sessionId: z.string().max(64) }),
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (request) => {
        if (!z.uuid().safeParse(request.params.sessionId).success) throw notFound();
        await signOutDevice(ctx, userId(request), request.params.sessionId);
        return envelope(null);
      },
    );
  };
