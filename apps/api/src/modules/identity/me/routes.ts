import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@portal/contracts/envelope';
import { userSchema } from '@portal/contracts/identity';
import { eq } from 'drizzle-orm';
import { changePasswordBody } from '@portal/contracts/identity';
import { normaliseIdentityValue, updateProfileBody } from '@portal/contracts/profile';
import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../../context';
import { users } from '../../../db/schema/identity';
import { AppError } from '../../../lib/errors';
import { decodeBase64Image, makeAvatar } from '../../../lib/images';
import { hashPassword, verifyPassword } from '../../../lib/passwords';
import { discard } from '../../../lib/storage';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { avatarKeyOfUrl, discardStagedAvatar, promoteAvatar, stageAvatar } from '../avatars/routes';
import { assertNotUnderReview, lockForMemberChange, refreshKyc } from '../kyc/service';
import { NOTICES, notify } from '../notifications/notify';
import { endSessions } from '../session/access';
import { revokeUserSessions } from '../session/refresh-tokens';
import { loadUser } from '../users/repository';

export const meRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const current = async (id: number) => {
      const user = await loadUser(ctx.db, id);
      // A token outliving its (deleted) account is no longer a session.
      if (!user || !user.is_active) throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
      return user;
    };

    app.get(
      '/v1/me',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { response: { 200: envelopeOf(userSchema) } },
      },
      async (request) => envelope(await current(userId(request))),
    );

    /**
     * Profile fields, the identity number, and the avatar. Name, birthday and identity number feed
     * the KYC: they are locked while it is reviewed and once identity is verified (409). The avatar
     * is decoded, checked and re-encoded before anything is written; its files are staged, moved into
     * place only once the row is committed (a failure removes them; a crash leaves them to the
     * start-up sweep), and a replaced avatar's files are removed after the commit.
     */
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
        const user = await current(id);
        const b = request.body;
        const identityValue =
          b.identity_type && b.identity_value
            ? normaliseIdentityValue(b.identity_type, b.identity_value)
            : b.identity_value === null
              ? null
              : undefined;
        const identityType = b.identity_value === null && !b.identity_type ? null : b.identity_type;
        const changes = (next: unknown, now: unknown) => next !== undefined && next !== now;
        const touchesIdentity =
          changes(b.first_name, user.first_name) ||
          changes(b.last_name, user.last_name) ||
          changes(b.birthday, user.birthday) ||
          changes(identityType, user.identity_type) ||
          changes(identityValue, user.identity_value);
        if (touchesIdentity) {
          if (user.is_verifies_identity) throw new AppError(409, 'CONFLICT', MSG.identityLocked);
          await assertNotUnderReview(ctx.db, id);
        }
        const avatar = b.avatar_base64
          ? await makeAvatar(decodeBase64Image(b.avatar_base64, ctx.config.avatarMaxBytes))
          : null;
        const stored = avatar ? await stageAvatar(ctx.storage, avatar) : null;
        try {
          await ctx.db.transaction(async (tx) => {
            if (touchesIdentity) {
              await lockForMemberChange(tx, id);
              const [row] = await tx
                .select({ verified: users.isVerifiesIdentity })
                .from(users)
                .where(eq(users.id, id));
              if (row?.verified) throw new AppError(409, 'CONFLICT', MSG.identityLocked);
            }
            await tx
              .update(users)
              .set({
                firstName: b.first_name,
                lastName: b.last_name,
                birthday: b.birthday,
                gender: b.gender,
                language: b.language,
                notifyEmail: b.notify_email,
                notifySms: b.notify_sms,
                identityType,
                identityValue,
                ...(stored
                  ? { avatarOriginal: stored.urls.original, avatarThumbnail: stored.urls.thumbnail }
                  : {}),
                ...(b.avatar_base64 === null ? { avatarOriginal: null, avatarThumbnail: null } : {}),
                updatedAt: new Date(),
              })
              .where(eq(users.id, id));
            if (touchesIdentity) await refreshKyc(tx, id);
          });
        } catch (err) {
          if (stored) await discardStagedAvatar(ctx.storage, stored.keys);
          throw err;
        }
        if (stored) {
          await promoteAvatar(ctx.storage, stored.keys, (err) =>
            request.log.error({ err }, 'moving an avatar into place failed; the start-up sweep finishes it'),
          );
        }
        if (stored || b.avatar_base64 === null) {
          await discard(ctx.storage, [
            avatarKeyOfUrl(user.images.avatar.original),
            avatarKeyOfUrl(user.images.avatar.thumbnail),
          ]);
        }
        return envelope(await current(id));
      },
    );

    /** Keeps this session, signs out every other one. */
    app.patch(
      '/v1/me/password',
      {
        config: { access: 'user', suspended: 'allow' },
        schema: { body: changePasswordBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const id = userId(request);
        const principal = request.principal;
        const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
        if (!row) throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
        await ctx.limits.changePassword.hit(`user:${id}`);
        if (!(await verifyPassword(row.passwordHash, request.body.current_password))) {
          throw new AppError(422, 'CHANGE_PASSWORD_FAILED', MSG.currentPasswordWrong, {
            current_password: [MSG.currentPasswordWrong],
          });
        }
        const passwordHash = await hashPassword(request.body.password);
        const ended = await ctx.db.transaction(async (tx) => {
          await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
          const families = await revokeUserSessions(
            tx,
            id,
            principal?.kind === 'user' ? principal.sessionId : undefined,
          );
          await notify(tx, id, NOTICES.passwordChanged());
          return families;
        });
        await endSessions(ctx, ended);
        return envelope(null);
      },
    );
  };
