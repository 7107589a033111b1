import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, pageOf, pageQuery } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import { referrerInfoSchema, registerBody, updateUserBody, userSchema } from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { envelope } from '../../../plugins/envelope';
import { findReferrer, registerUser } from './register';
import { deleteUserByStaff, updateUserByStaff, userById, userPage } from './service';

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
        const user = await registerUser(ctx, request.body, { createdBy, ip: request.ip });
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
      async (request) => envelope(await userPage(ctx.db, request.query)),
    );

    app.get(
      '/v1/users/:userId',
      {
        config: { access: 'staff' },
        schema: { params: idParams, response: { 200: envelopeOf(userSchema) } },
      },
      async (request) => envelope(await userById(ctx.db, request.params.userId)),
    );

    app.put(
      '/v1/users/:userId',
      {
        config: { access: 'staff' },
        schema: { params: idParams, body: updateUserBody, response: { 200: envelopeOf(userSchema) } },
      },
      async (request) => envelope(await updateUserByStaff(ctx, request.params.userId, request.body)),
    );

    /** Soft delete: the row stays for the network's history; the account can no longer sign in. */
    app.delete(
      '/v1/users/:userId',
      { config: { access: 'staff' }, schema: { params: idParams, response: { 200: envelopeOf(z.null()) } } },
      async (request) => {
        await deleteUserByStaff(ctx, request.params.userId);
        return envelope(null);
      },
    );
  };
