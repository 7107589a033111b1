import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '@portal/contracts/messages';
import { bigintIdParam } from '@portal/contracts/ids';
import { manageMemberBody, manageMemberUpdate, memberSyncBody } from '@portal/contracts/network';
import type { AppContext } from '../../../context';
import { users } from '../../../db/schema/identity';
import { members } from '../../../db/schema/network';
import { AppError, notFound } from '../../../lib/errors';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { findUserByIdentifier } from '../../identity/users/repository';
import { findMember, toNetworkMember } from './repository';

const idParams = z.object({ id: bigintIdParam });

export const memberRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const mine = async (uid: number) => {
      const row = await findMember(ctx.db, { userId: uid });
      if (!row) throw notFound();
      return envelope(await toNetworkMember(ctx.db, row));
    };

    app.get('/me', { config: { access: 'user', suspended: 'allow' } }, async (request) =>
      mine(userId(request)),
    );

    /** Clients written for separate member and network tokens exchange theirs here; ours is one token. */
    app.post('/authen', { config: { access: 'user' } }, async (request) => mine(userId(request)));

    /** Name and e-mail sync from the member API (staff and application clients). */
    app.put(
      '/member/:id',
      { config: { access: 'staff' }, schema: { params: idParams, body: memberSyncBody } },
      async (request) => {
        const row = await findMember(ctx.db, { memberId: request.params.id });
        if (!row) throw notFound();
        const b = request.body;
        if (b.email) {
          const other = await findUserByIdentifier(ctx.db, { email: b.email });
          if (other && other.id !== row.user_id) {
            throw new AppError(422, 'USER_UPDATE_VALIDATE_ERROR', MSG.emailTaken, {
              email: [MSG.emailTaken],
            });
          }
        }
        await ctx.db
          .update(users)
          .set({
            firstName: b.first_name,
            lastName: b.last_name,
            email: b.email?.toLowerCase(),
            updatedAt: new Date(),
          })
          .where(eq(users.id, row.user_id));
        return envelope(await toNetworkMember(ctx.db, (await findMember(ctx.db, { memberId: row.id }))!));
      },
    );

    /** Application clients create the network member of a user; the same user twice gives the same member. */
    app.post(
      '/manage_member',
      { config: { access: 'staff' }, schema: { body: manageMemberBody } },
      async (request, reply) => {
        const b = request.body;
        const [user] = await ctx.db.select().from(users).where(eq(users.id, b.user_id));
        if (!user || user.deletedAt)
          throw new AppError(422, 'VALIDATION_ERROR', 'Unknown user', { user_id: ['Unknown user'] });
        if (b.referrer_member_id && !(await findMember(ctx.db, { memberId: b.referrer_member_id }))) {
          throw new AppError(422, 'VALIDATION_ERROR', MSG.invalidInvitation, {
            referrer_member_id: [MSG.invalidInvitation],
          });
        }
        const [created] = await ctx.db
          .insert(members)
          .values({
            userId: b.user_id,
            memberCode: sql`'M' || lpad(nextval('member_code_seq')::text, 7, '0')`,
            referrerMemberId: b.referrer_member_id ?? null,
            package: b.package ?? null,
            businessTitle: b.business_title ?? null,
            expiryDate: b.expiry_date ?? null,
            isActive: b.is_active ?? true,
            createdBy: request.principal?.kind === 'user' ? request.principal.userId : null,
            // Without a referrer the member starts a tree of their own: its top, placed at depth 0.
            ...(b.referrer_member_id ? {} : { depth: 0, placedAt: new Date() }),
          })
          .onConflictDoNothing({ target: members.userId })
          .returning({ id: members.id });
        if (created && !b.referrer_member_id) {
          await ctx.db.update(members).set({ jumpId: created.id }).where(eq(members.id, created.id));
        }
        const row = await findMember(ctx.db, { userId: b.user_id });
        const body = envelope(await toNetworkMember(ctx.db, row!), created ? 201 : 200);
        return reply.code(created ? 201 : 200).send(body);
      },
    );

    app.get(
      '/manage_member/:id',
      { config: { access: 'staff' }, schema: { params: idParams } },
      async (request) => {
        const row = await findMember(ctx.db, { memberId: request.params.id });
        if (!row) throw notFound();
        return envelope(await toNetworkMember(ctx.db, row));
      },
    );

    app.put(
      '/manage_member/:id',
      { config: { access: 'staff' }, schema: { params: idParams, body: manageMemberUpdate } },
      async (request) => {
        const b = request.body;
        const updated = await ctx.db
          .update(members)
          .set({
            package: b.package,
            businessTitle: b.business_title,
            expiryDate: b.expiry_date,
            isActive: b.is_active,
            updatedAt: new Date(),
            updatedBy: request.principal?.kind === 'user' ? request.principal.userId : null,
          })
          .where(eq(members.id, request.params.id))
          .returning({ id: members.id });
        if (!updated.length) throw notFound();
        return envelope(
          await toNetworkMember(ctx.db, (await findMember(ctx.db, { memberId: request.params.id }))!),
        );
      },
    );
  };
