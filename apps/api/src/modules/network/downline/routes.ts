import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { lastPage, pageQuery } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import {
  downlineQuery,
  placementBody,
  searchQuery,
  slotsQuery,
  type DownlineSummary,
  type PlaceableMember,
  type SlotChoices,
  type TeamOverview,
} from '@portal/contracts/network';
import type { AppContext } from '../../../context';
import { notFound } from '../../../lib/errors';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import {
  BRIEF_COLUMNS,
  briefs,
  findMember,
  toBrief,
  type BriefRow,
  type MemberRow,
} from '../members/repository';
import { placeMember, placingMember } from '../placement/service';
import {
  emptySlots,
  extremeSlot,
  inDownline,
  pathBetween,
  searchDownline,
  subtree,
  teamOverview,
  WALK_LIMIT,
} from './repository';
import { containsPattern } from '../../../lib/sql';

const teamSize = (m: MemberRow) => m.left_team + m.right_team;

type SummaryRow = {
  left_team: number;
  right_team: number;
  left_points: string;
  right_points: string;
  can_add: boolean;
  direct: number;
  waiting: number;
  ref_id: number | null;
  ref_code: string | null;
  ref_first: string | null;
  ref_last: string | null;
  ref_user_id: number | null;
  ref_avatar: string | null;
  ref_gender: string | null;
};

/** Large teams' dashboards walk the whole downline: keep the answer a few minutes. */
const overviewCache = new Map<number, { at: number; value: TeamOverview }>();
const OVERVIEW_TTL_MS = 5 * 60_000;

export const downlineRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const me = (request: Parameters<typeof userId>[0]) => placingMember(ctx.db, userId(request));

    /**
     * A read, in one round trip: the team counts placement maintains, the points per side the ledger
     * gives (the last closing's carry plus the unclosed new volume, volume_preview), my direct referrals.
     */
    app.get('/member_downline/summary', { config: { access: 'user' } }, async (request) => {
      const { rows } = await ctx.db.execute<SummaryRow>(sql`
        select m.left_team, m.right_team, coalesce(vp.left_points, 0)::numeric(16,2)::text as left_points, coalesce(vp.right_points, 0)::numeric(16,2)::text as right_points,
          m.is_active and u.is_active and m.depth is not null
            and coalesce((select s.status not in ('active', 'done') from suspension_entries s where s.member_id = m.id
                          order by s.created_at desc, s.id desc limit 1), true) as can_add,
          (select count(*)::int from members d where d.referrer_member_id = m.id) as direct,
          (select count(*)::int from members d where d.referrer_member_id = m.id and d.depth is null) as waiting,
          r.id as ref_id, r.member_code as ref_code, ru.first_name as ref_first, ru.last_name as ref_last,
          ru.id as ref_user_id, ru.avatar_thumbnail as ref_avatar, ru.gender as ref_gender
        from members m join users u on u.id = m.user_id left join volume_preview vp on vp.member_id = m.id
        left join members r on r.id = m.referrer_member_id left join users ru on ru.id = r.user_id
        where m.user_id = ${userId(request)} and u.deleted_at is null`);
      const m = rows[0];
      if (!m) throw notFound('Not found data', 'NOT_FOUND_DATA');
      const summary: DownlineSummary = {
        total_team: m.left_team + m.right_team,
        left_team: m.left_team,
        right_team: m.right_team,
        left_points: m.left_points,
        right_points: m.right_points,
        referrer_member: m.ref_id
          ? {
              id: m.ref_id,
              member_code: m.ref_code!,
              first_name: m.ref_first!,
              last_name: m.ref_last!,
              avatar_id: m.ref_user_id!,
              avatar_thumbnail: m.ref_avatar,
              gender: m.ref_gender as 'male' | 'female',
            }
          : null,
        can_add_team: m.can_add,
        waiting_to_place: m.waiting,
        direct_referrals: m.direct,
      };
      return envelope(summary);
    });

    app.get('/member_downline/overview', { config: { access: 'user' } }, async (request) => {
      const m = await me(request);
      const size = teamSize(m);
      const cached = overviewCache.get(m.id);
      if (cached && size > WALK_LIMIT && Date.now() - cached.at < OVERVIEW_TTL_MS)
        return envelope(cached.value);
      const value = await teamOverview(ctx.db, { id: m.id, teamSize: size });
      if (size > WALK_LIMIT) overviewCache.set(m.id, { at: Date.now(), value });
      return envelope(value);
    });

    app.get(
      '/member_downline/search',
      { config: { access: 'user' }, schema: { querystring: searchQuery } },
      async (request) => {
        const m = await me(request);
        const { q, page, per_page } = request.query;
        const { items, total } = await searchDownline(
          ctx.db,
          { id: m.id, teamSize: teamSize(m) },
          q,
          page,
          per_page,
        );
        return envelope({
          items,
          pagination: { page, per_page, total, last_page: lastPage(total, per_page) },
        });
      },
    );

    app.get(
      '/member/search_new_member',
      {
        config: { access: 'user' },
        schema: { querystring: pageQuery(100).extend({ q: z.string().trim().max(100).optional() }) },
      },
      async (request) => {
        const m = await me(request);
        const { q, page, per_page } = request.query;
        const term = q ? containsPattern(q.toLowerCase()) : null;
        const code = q ? containsPattern(q.toUpperCase()) : null;
        const { rows } = await ctx.db.execute<
          BriefRow & {
            email: string;
            mobile: string;
            created_at: Date;
            referrer_member_id: number;
            total: number;
          }
        >(sql`
          select ${BRIEF_COLUMNS}, u.email, u.mobile, m.created_at, m.referrer_member_id, count(*) over ()::int as total
          from members m join users u on u.id = m.user_id
          where m.depth is null and m.referrer_member_id is not null and u.deleted_at is null and u.is_active
            and (m.referrer_member_id = ${m.id} or member_in_downline(${m.id}, m.referrer_member_id))
            and (${term}::text is null or u.search_text like ${term} or m.member_code like ${code})
          order by m.created_at desc, m.id desc
          limit ${per_page} offset ${(page - 1) * per_page}`);
        const refs = await briefs(ctx.db, [...new Set(rows.map((r) => r.referrer_member_id))]);
        const items: PlaceableMember[] = rows.map((r) => ({
          ...toBrief(r),
          email: r.email,
          phone_number: r.mobile,
          referrer: refs.get(r.referrer_member_id) ?? null,
          register_date: new Date(r.created_at).toISOString(),
        }));
        const total = rows[0]?.total ?? 0;
        return envelope({
          items,
          pagination: { page, per_page, total, last_page: lastPage(total, per_page) },
        });
      },
    );

    app.get(
      '/member_downline/below_postion_member_id',
      { config: { access: 'user' }, schema: { querystring: slotsQuery } },
      async (request) => {
        const m = await me(request);
        const uplineId = request.query.member_id ?? m.id;
        if (uplineId !== m.id && !(await inDownline(ctx.db, m.id, uplineId))) throw notFound();
        const upline = await findMember(ctx.db, { memberId: uplineId });
        if (!upline || upline.depth === null) throw notFound();
        const weakerSide = m.left_team <= m.right_team ? 'left' : 'right';
        const weakerChild = await ctx.db.execute<{ id: number }>(
          sql`select id from members where placement_parent_id = ${m.id} and side = ${weakerSide}`,
        );
        const weakerStart = weakerChild.rows[0]?.id;
        const choices: SlotChoices = {
          upline: toBrief(upline),
          slots: await emptySlots(ctx.db, upline.id, 4, 30),
          quick: {
            extreme_left: await extremeSlot(ctx.db, upline.id, 'left', upline.depth),
            extreme_right: await extremeSlot(ctx.db, upline.id, 'right', upline.depth),
            weaker_leg: weakerStart
              ? await extremeSlot(ctx.db, weakerStart, weakerSide, upline.depth)
              : { upline_member_id: m.id, upline_member_code: m.member_code, position: weakerSide, level: 1 },
          },
        };
        return envelope(choices);
      },
    );

    app.get(
      '/member_downline/:memberId',
      {
        config: { access: 'user' },
        schema: {
          params: z.object({ memberId: bigintIdParam }),
          querystring: downlineQuery,
        },
      },
      async (request) => {
        const m = await me(request);
        const top = request.params.memberId;
        // Another member's tree does not exist as far as this member can tell.
        if (top !== m.id && !(await inDownline(ctx.db, m.id, top))) throw notFound();
        const node = await subtree(ctx.db, top, request.query.depth);
        if (!node) throw notFound();
        return envelope({
          top: node,
          path: top === m.id ? [] : await pathBetween(ctx.db, m.id, top),
          depth: request.query.depth,
        });
      },
    );

    app.post(
      '/member_downline',
      { config: { access: 'user' }, schema: { body: placementBody } },
      async (request, reply) => {
        const b = request.body;
        const result = await placeMember(ctx, userId(request), {
          memberId: b.member_id,
          uplineId: b.upline_member_id,
          position: b.position,
        });
        return reply.code(201).send(envelope(result, 201));
      },
    );
  };
