import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@portal/contracts/envelope';
import { fileAnswer } from '../../../plugins/responses';
import { userAvatarSchema } from '@portal/contracts/profile';
import { and, inArray, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { userAvatarsQuery, type UserAvatar } from '@portal/contracts/profile';
import type { AppContext } from '../../../context';
import { users } from '../../../db/schema/identity';
import { sendError, envelope } from '../../../plugins/envelope';
import type { Avatar } from '../../../lib/images';
import {
  discard,
  promoteUpload,
  readUpload,
  stageUpload,
  stagingKey,
  type Storage,
} from '../../../lib/storage';

/**
 * Avatars are served at `/member/v1/avatars/{uuid}-{original|thumbnail}.{jpg|png}` without the app
 * key or a token, because an <img> element cannot send headers (docs/decisions/008-avatar-urls.md).
 * The names are random and change with every upload, so the files are cached for good.
 */
export const AVATAR_PATH = '/member/v1/avatars/';
const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(original|thumbnail)\.(jpg|png)$/;

export const avatarKeyOfUrl = (url: string | null): string | null =>
  url?.startsWith(AVATAR_PATH) && NAME.test(url.slice(AVATAR_PATH.length))
    ? `avatars/${url.slice(AVATAR_PATH.length)}`
    : null;

/**
 * Stages both sizes under one fresh random name (lib/storage: staged files are moved into place
 * by promoteAvatar once the user row is committed); returns their URLs and keys.
 */
export async function stageAvatar(storage: Storage, avatar: Avatar) {
  const id = randomUUID();
  const keys = {
    original: `avatars/${id}-original.${avatar.ext}`,
    thumbnail: `avatars/${id}-thumbnail.${avatar.ext}`,
  };
  await stageUpload(storage, keys.original, avatar.original);
  try {
    await stageUpload(storage, keys.thumbnail, avatar.thumbnail);
  } catch (err) {
    await discardStagedAvatar(storage, keys);
    throw err;
  }
  return {
    keys,
    urls: {
      original: `${AVATAR_PATH}${id}-original.${avatar.ext}`,
      thumbnail: `${AVATAR_PATH}${id}-thumbnail.${avatar.ext}`,
    },
  };
}

/** After the user row is committed: both sizes into place. */
export async function promoteAvatar(
  storage: Storage,
  keys: { original: string; thumbnail: string },
  log?: (err: unknown) => void,
) {
  await promoteUpload(storage, keys.original, log);
  await promoteUpload(storage, keys.thumbnail, log);
}

/** When the user row was not written: the staged files go. */
export async function discardStagedAvatar(storage: Storage, keys: { original: string; thumbnail: string }) {
  await discard(storage, [stagingKey(keys.original), stagingKey(keys.thumbnail)]);
}

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
        const data = NAME.test(name) ? await readUpload(ctx.storage, `avatars/${name}`) : null;
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
      async (request) => {
        const ids = request.query.ids;
        const rows = ids.length
          ? await ctx.db
              .select({ id: users.id, original: users.avatarOriginal, thumbnail: users.avatarThumbnail })
              .from(users)
              .where(and(inArray(users.id, ids), isNull(users.deletedAt)))
          : [];
        const byId = new Map(rows.map((r) => [r.id, r]));
        const items: UserAvatar[] = ids.flatMap((id) => {
          const r = byId.get(id);
          return r ? [{ user_id: r.id, thumbnail: r.thumbnail, original: r.original }] : [];
        });
        return envelope(items);
      },
    );
  };
