import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeOf } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import {
  manageMemberBody,
  manageMemberUpdate,
  memberSyncBody,
  networkMemberSchema,
} from '@portal/contracts/network';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import {
  changeNetworkMember,
  createNetworkMember,
  myNetworkMember,
  networkMemberById,
  syncMember,
} from './service';

const idParams = z.object({ id: bigintIdParam });
const answer = envelopeOf(networkMemberSchema);
const actor = (request: FastifyRequest) =>
  request.principal?.kind === 'user' ? request.principal.userId : null;

export const memberRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/me',
      { config: { access: 'user', suspended: 'allow' }, schema: { response: { 200: answer } } },
      async (request) => envelope(await myNetworkMember(ctx, userId(request))),
    );

    /** Clients written for separate member and network tokens exchange theirs here; ours is one token. */
    app.post(
      '/authen',
      { config: { access: 'user' }, schema: { response: { 200: answer } } },
      async (request) => envelope(await myNetworkMember(ctx, userId(request))),
    );

    /** Name and e-mail sync from the member API (staff and application clients). */
    app.put(
      '/member/:id',
      {
        config: { access: 'staff' },
        schema: { params: idParams, body: memberSyncBody, response: { 200: answer } },
      },
      async (request) => envelope(await syncMember(ctx, request.params.id, request.body)),
    );

    /** Application clients create the network member of a user; the same user twice gives the same member. */
    app.post(
      '/manage_member',
      {
        config: { access: 'staff' },
        schema: { body: manageMemberBody, response: { 200: answer, 201: answer } },
      },
      async (request, reply) => {
        const { member, created } = await createNetworkMember(ctx, request.body, actor(request));
        const code = created ? 201 : 200;
        return reply.code(code).send(envelope(member, code));
      },
    );

    app.get(
      '/manage_member/:id',
      { config: { access: 'staff' }, schema: { params: idParams, response: { 200: answer } } },
      async (request) => envelope(await networkMemberById(ctx, request.params.id)),
    );

    app.put(
      '/manage_member/:id',
      {
        config: { access: 'staff' },
        schema: { params: idParams, body: manageMemberUpdate, response: { 200: answer } },
      },
      async (request) =>
        envelope(await changeNetworkMember(ctx, request.params.id, request.body, actor(request))),
    );
  };
