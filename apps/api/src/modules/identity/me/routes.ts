import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { changePasswordBody, updateMeBody } from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../../context';
import { users } from '../../../db/schema/identity';
import { AppError } from '../../../lib/errors';
import { hashPassword, verifyPassword } from '../../../lib/passwords';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { NOTICES, notify } from '../notifications/notify';
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

    app.get('/v1/me', { config: { access: 'user' } }, async (request) => envelope(await current(userId(request))));

    app.put('/v1/me', { config: { access: 'user' }, schema: { body: updateMeBody } }, async (request) => {
      const id = userId(request);
      await current(id);
      const b = request.body;
      await ctx.db
        .update(users)
        .set({
          firstName: b.first_name,
          lastName: b.last_name,
          birthday: b.birthday,
          gender: b.gender,
          language: b.language,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id));
      return envelope(await current(id));
    });

    /** Keeps this session, signs out every other one. */
    app.patch('/v1/me/password', { config: { access: 'user' }, schema: { body: changePasswordBody } }, async (request) => {
      const id = userId(request);
      const principal = request.principal;
      const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
      if (!row) throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
      ctx.limits.login.hit(`change-password:${id}`);
      if (!(await verifyPassword(row.passwordHash, request.body.current_password))) {
        throw new AppError(422, 'CHANGE_PASSWORD_FAILED', MSG.currentPasswordWrong, {
          current_password: [MSG.currentPasswordWrong],
        });
      }
      const passwordHash = await hashPassword(request.body.password);
      await ctx.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
        await revokeUserSessions(tx, id, principal?.kind === 'user' ? principal.sessionId : undefined);
        await notify(tx, id, NOTICES.passwordChanged());
      });
      return envelope(null);
    });
  };
