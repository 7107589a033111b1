import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@portal/contracts/envelope';
import { userAvatarSchema, userAvatarsQuery } from '@portal/contracts/profile';
import type { AppContext } from '../../../context';
import { readUpload } from '../../../lib/storage';
import { envelope, sendError } from '../../../plugins/envelope';
import { fileAnswer } from '../../../plugins/responses';
import { AVATAR_NAME, AVATAR_PATH, userAvatars } from './service';

/** GET /member/v1/avatars/{name}: registered outside the API guard (no app key, no token). */
export const avatarFileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${AVATAR_PATH}:name`,
      {
        schema: {
          params: z.object({ name: z.string().max(80) }),
          response: { 200: fileAnswer(['image/png', 'image/jpeg'], 'The avatar picture') },
        },
      },
      async (request, reply) => {
        const { name } = request.params;
        const data = AVATAR_NAME.test(name) ? await readUpload(ctx.storage, `avatars/${name}`) : null;
        if (!data) return sendError(reply, 404, 'NOT_FOUND', 'Not found');
        return reply
          .header('content-type', name.endsWith('.png') ? 'image/png' : 'image/jpeg')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(data);
      },
    );
  };

/** GET /v1/user-avatars?ids=1,2: a public call of the specification (thumbnails for lists and the tree). */
export const userAvatarRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/user-avatars',
      {
        config: { access: 'public' },
        schema: { querystring: userAvatarsQuery, response: { 200: envelopeOf(z.array(userAvatarSchema)) } },
      },
      async (request) => envelope(await userAvatars(ctx.db, request.query.ids)),
    );
  };
