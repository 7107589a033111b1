import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, pageOf } from '@portal/contracts/envelope';
import { referrerInfoSchema, userSchema } from '@portal/contracts/identity';
import { and, asc, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { lastPage, pageQuery } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import { registerBody, updateUserBody } from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../../context';
import { users } from '../../../db/schema/identity';
import { members } from '../../../db/schema/network';
import { AppError, notFound } from '../../../lib/errors';
import { envelope } from '../../../plugins/envelope';
import { endUserAccess } from '../session/access';
import { revokeUserSessions } from '../session/refresh-tokens';
import { findUserByIdentifier, loadUser, loadUsers } from './repository';
import { findReferrer, registerUser } from './register';
import { containsPattern } from '../../../lib/sql';

const idParams = z.object({ userId: bigintIdParam });

export const userRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const confidentialClients = new Set(
      ctx.config.clients.filter((c) => c.kind === 'confidential').map((c) => c.id),
    );
    app.post(
      '/v1/users',
      {
        config: { access: 'public' },
        schema: { body: registerBody, response: { 201: envelopeOf(userSchema) } },
      },
      async (request, reply) => {
        const principal = request.principal;
        const createdBy = principal?.kind === 'user' ? principal.userId : undefined;
        // A partner system (a confidential client) is trusted; everyone else is limited per address
        // (a member adding downline: per member) and per invitation code (decision 013).
        if (!(principal?.kind === 'app' && confidentialClients.has(principal.clientId))) {
          await ctx.limits.register.hit(createdBy ? `user:${createdBy}` : `ip:${request.ip}`);
          await ctx.limits.registerCode.hit(`code:${String(request.body.ref_uuid).trim().toLowerCase()}`);
        }
        const user = await registerUser(ctx, request.body, createdBy);
        return reply.code(201).send(envelope(user, 201));
      },
    );

    app.get(
      '/v1/user-by-ref/:invitation_code',
      {
        config: { access: 'public' },
        schema: {
          params: z.object({ invitation_code: z.string().max(64) }),
          response: { 200: envelopeOf(referrerInfoSchema) },
        },
      },
      async (request) => {
        const ref = await findReferrer(ctx, request.params.invitation_code);
        if (!ref) throw new AppError(404, 'INVALID_INVITATION_CODE', MSG.invalidInvitation);
        return envelope({
          invitation_code: ref.user.invitationCode,
          first_name: ref.user.firstName,
          last_name: ref.user.lastName,
          member_code: ref.member.memberCode,
          avatar_thumbnail: ref.user.avatarThumbnail,
        });
      },
    );

    // The rest belongs to staff and confidential application clients.
    app.get(
      '/v1/users',
      {
        config: { access: 'staff' },
        schema: {
          querystring: pageQuery(100).extend({ search: z.string().trim().max(100).optional() }),
          response: { 200: envelopeOf(pageOf(userSchema)) },
        },
      },
      async (request) => {
        const { page, per_page, search } = request.query;
        const term = search ? containsPattern(search) : undefined;
        const where = and(
          isNull(users.deletedAt),
          term
            ? or(
                ilike(users.email, term),
                ilike(users.mobile, term),
                ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
                ilike(members.memberCode, term),
              )
            : undefined,
        );
        const [{ total } = { total: 0 }] = await ctx.db
          .select({ total: count() })
          .from(users)
          .leftJoin(members, eq(members.userId, users.id))
          .where(where);
        const ids = await ctx.db
          .select({ id: users.id })
          .from(users)
          .leftJoin(members, eq(members.userId, users.id))
          .where(where)
          .orderBy(asc(users.id))
          .limit(per_page)
          .offset((page - 1) * per_page);
        const items = await loadUsers(
          ctx.db,
          ids.map((r) => r.id),
        );
        return envelope({
          items,
          pagination: { page, per_page, total, last_page: lastPage(total, per_page) },
        });
      },
    );

    app.get(
      '/v1/users/:userId',
      {
        config: { access: 'staff' },
        schema: { params: idParams, response: { 200: envelopeOf(userSchema) } },
      },
      async (request) => {
        const user = await loadUser(ctx.db, request.params.userId);
        if (!user) throw notFound();
        return envelope(user);
      },
    );

    app.put(
      '/v1/users/:userId',
      {
        config: { access: 'staff' },
        schema: { params: idParams, body: updateUserBody, response: { 200: envelopeOf(userSchema) } },
      },
      async (request) => {
        const { userId } = request.params;
        const b = request.body;
        const existing = await loadUser(ctx.db, userId);
        if (!existing) throw notFound();
        if (b.email && b.email !== existing.email.toLowerCase()) {
          const other = await findUserByIdentifier(ctx.db, { email: b.email });
          if (other && other.id !== userId) {
            throw new AppError(422, 'USER_UPDATE_VALIDATE_ERROR', MSG.emailTaken, {
              email: [MSG.emailTaken],
            });
          }
        }
        const now = new Date();
        await ctx.db.transaction(async (tx) => {
          await tx
            .update(users)
            .set({
              firstName: b.first_name,
              lastName: b.last_name,
              email: b.email,
              isActive: b.is_active,
              isSync: b.is_sync,
              isVerifiesEmail: b.is_verifies_email,
              emailVerifiedAt:
                b.is_verifies_email === undefined ? undefined : b.is_verifies_email ? now : null,
              isVerifiesMobile: b.is_verifies_mobile,
              mobileVerifiedAt:
                b.is_verifies_mobile === undefined ? undefined : b.is_verifies_mobile ? now : null,
              updatedAt: now,
            })
            .where(eq(users.id, userId));
          if (b.is_active === false) {
            await revokeUserSessions(tx, userId);
            await endUserAccess(ctx, [userId], tx);
          }
        });
        // Soft-deleted meanwhile: the user is gone.
        const user = await loadUser(ctx.db, userId);
        if (!user) throw notFound();
        return envelope(user);
      },
    );

    /** Soft delete: the row stays for the network's history; the account can no longer sign in. */
    app.delete(
      '/v1/users/:userId',
      { config: { access: 'staff' }, schema: { params: idParams, response: { 200: envelopeOf(z.null()) } } },
      async (request) => {
        const { userId } = request.params;
        const done = await ctx.db.transaction(async (tx) => {
          const rows = await tx
            .update(users)
            .set({ deletedAt: new Date(), isActive: false, updatedAt: new Date() })
            .where(and(eq(users.id, userId), isNull(users.deletedAt)))
            .returning({ id: users.id });
          if (rows.length) {
            await revokeUserSessions(tx, userId);
            await endUserAccess(ctx, [userId], tx);
          }
          return rows.length > 0;
        });
        if (!done) throw notFound();
        return envelope(null);
      },
    );
  };
