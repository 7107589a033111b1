import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, pageOf, pageQuery } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import {
  downlineQuery,
  downlineSearchHitSchema,
  downlineSummarySchema,
  downlineTreeSchema,
  firstStepsSchema,
  placeableMemberSchema,
  placementBody,
  placementResultSchema,
  searchQuery,
  slotChoicesSchema,
  slotsQuery,
  teamOverviewSchema,
  teamWeekSchema,
} from '@portal/contracts/network';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import {
  downlineSummary,
  downlineTree,
  membersToPlace,
  myFirstSteps,
  myTeamOverview,
  myTeamWeek,
  placeInMyDownline,
  searchMyDownline,
  slotChoices,
} from './service';

const newMemberQuery = pageQuery(100).extend({ q: z.string().trim().max(100).optional() });

export const downlineRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const user = { access: 'user' } as const;

    app.get(
      '/member_downline/summary',
      { config: user, schema: { response: { 200: envelopeOf(downlineSummarySchema) } } },
      async (request) => envelope(await downlineSummary(ctx, userId(request))),
    );

    app.get(
      '/member_downline/overview',
      { config: user, schema: { response: { 200: envelopeOf(teamOverviewSchema) } } },
      async (request) => envelope(await myTeamOverview(ctx, userId(request))),
    );

    app.get(
      '/member_downline/week',
      { config: user, schema: { response: { 200: envelopeOf(teamWeekSchema) } } },
      async (request) => envelope(await myTeamWeek(ctx, userId(request))),
    );

    /** The dashboard's first steps: paid orders and invitations (the account's flags are on /me). */
    app.get(
      '/me/first_steps',
      { config: user, schema: { response: { 200: envelopeOf(firstStepsSchema) } } },
      async (request) => envelope(await myFirstSteps(ctx, userId(request))),
    );

    app.get(
      '/member_downline/search',
      {
        config: user,
        schema: { querystring: searchQuery, response: { 200: envelopeOf(pageOf(downlineSearchHitSchema)) } },
      },
      async (request) => envelope(await searchMyDownline(ctx, userId(request), request.query)),
    );

    app.get(
      '/member/search_new_member',
      {
        config: user,
        schema: { querystring: newMemberQuery, response: { 200: envelopeOf(pageOf(placeableMemberSchema)) } },
      },
      async (request) => envelope(await membersToPlace(ctx, userId(request), request.query)),
    );

    app.get(
      '/member_downline/below_postion_member_id',
      { config: user, schema: { querystring: slotsQuery, response: { 200: envelopeOf(slotChoicesSchema) } } },
      async (request) => envelope(await slotChoices(ctx, userId(request), request.query.member_id)),
    );

    app.get(
      '/member_downline/:memberId',
      {
        config: user,
        schema: {
          params: z.object({ memberId: bigintIdParam }),
          querystring: downlineQuery,
          response: { 200: envelopeOf(downlineTreeSchema) },
        },
      },
      async (request) =>
        envelope(await downlineTree(ctx, userId(request), request.params.memberId, request.query.depth)),
    );

    app.post(
      '/member_downline',
      { config: user, schema: { body: placementBody, response: { 201: envelopeOf(placementResultSchema) } } },
      async (request, reply) => {
        const result = await placeInMyDownline(ctx, userId(request), request.body);
        return reply.code(201).send(envelope(result, 201));
      },
    );
  };
