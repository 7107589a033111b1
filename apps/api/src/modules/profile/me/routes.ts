import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@portal/contracts/envelope';
import { userSchema } from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import { updateProfileBody } from '@portal/contracts/profile';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { currentUser, updateProfile } from './service';

export const meRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/me',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { response: { 200: envelopeOf(userSchema) } },
      },
      async (request) => envelope(await currentUser(ctx, userId(request))),
    );

    /** Profile fields, the identity number, and the avatar (the rules: me/service.ts). */
    app.put(
      '/v1/me',
      {
        // A suspended member may still choose their language (the portal saves it here); one suspended
        // for missing KYC may also complete the information KYC asks for (decision 012).
        config: { access: 'user', suspended: 'allow' },
        // base64 carries 3 bytes in 4 characters; the decoded size is checked against AVATAR_MAX_BYTES.
        bodyLimit: Math.max(
          ctx.config.bodyLimit,
          Math.ceil((ctx.config.avatarMaxBytes * 4) / 3) + 256 * 1024,
        ),
        schema: { body: updateProfileBody, response: { 200: envelopeOf(userSchema) } },
      },
      async (request) => {
        const id = userId(request);
        if (
          request.principal?.kind === 'user' &&
          request.principal.suspension === 'other' &&
          Object.keys(request.body).some((k) => k !== 'language')
        ) {
          throw new AppError(403, 'ACCOUNT_SUSPENDED', MSG.accountSuspended);
        }
        const user = await updateProfile(ctx, id, request.body, (err) =>
          request.log.error({ err }, 'moving an avatar into place failed; the start-up sweep finishes it'),
        );
        return envelope(user);
      },
    );
  };
