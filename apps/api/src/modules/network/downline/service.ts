import { pageAnswer, type Page } from '@portal/contracts/envelope';
import type { z } from 'zod';
import type {
  DownlineSearchHit,
  DownlineSummary,
  DownlineTree,
  FirstSteps,
  PlaceableMember,
  placementBody,
  SlotChoices,
  TeamOverview,
  TeamWeek,
} from '@portal/contracts/network';
import { addDays, weekday } from '@portal/plan/dates';
import type { AppContext } from '../../../context';
import { businessNow } from '../../../lib/clock';
import { notFound } from '../../../lib/errors';
import { findMember, toBrief, type MemberRow } from '../members/repository';
import { placeMember, placingMember } from '../placement/service';
import {
  childOn,
  emptySlots,
  extremeSlot,
  firstStepFacts,
  inDownline,
  pathBetween,
  placeableMembers,
  searchDownline,
  subtree,
  summaryRow,
  teamOverview,
  teamWeek,
  WALK_LIMIT,
} from './repository';

/**
 * The member's downline: the summary, the dashboard's team widgets, search, the members waiting to
 * be placed, the free slots, the tree, and placement. Another member's tree does not exist as far as
 * this member can tell (404).
 */
type Ctx = Pick<AppContext, 'db' | 'config'>;

const teamSize = (m: MemberRow) => m.left_team + m.right_team;
const paged = <T>(items: T[], total: number, page: number, perPage: number): Page<T> =>
  pageAnswer(items, total, { page, per_page: perPage });

export async function downlineSummary(ctx: Ctx, userId: number): Promise<DownlineSummary> {
  const m = await summaryRow(ctx.db, userId);
  if (!m) throw notFound('Not found data', 'NOT_FOUND_DATA');
  return {
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
}

/**
 * Large teams' dashboards walk the whole downline: keep the answer a few minutes, per database (the
 * member ids of one database mean nothing in another).
 */
const overviewCaches = new WeakMap<Ctx['db'], Map<number, { at: number; value: TeamOverview }>>();
const OVERVIEW_TTL_MS = 5 * 60_000;

export async function myTeamOverview(ctx: Ctx, userId: number): Promise<TeamOverview> {
  const m = await placingMember(ctx.db, userId);
  const size = teamSize(m);
  let overviewCache = overviewCaches.get(ctx.db);
  if (!overviewCache) overviewCaches.set(ctx.db, (overviewCache = new Map()));
  const cached = overviewCache.get(m.id);
  if (cached && size > WALK_LIMIT && Date.now() - cached.at < OVERVIEW_TTL_MS) return cached.value;
  const value = await teamOverview(ctx.db, { id: m.id, teamSize: size });
  if (size > WALK_LIMIT) overviewCache.set(m.id, { at: Date.now(), value });
  return value;
}

/** Monday to Sunday around a business date (as the income report's current week). */
function weekAround(date: string) {
  const from = addDays(date, -((weekday(date) + 6) % 7));
  return { from, to: addDays(from, 6) };
}

/** My team's new members and orders this business week (the business clock's today). */
export async function myTeamWeek(ctx: Ctx, userId: number): Promise<TeamWeek> {
  const m = await placingMember(ctx.db, userId);
  const week = weekAround((await businessNow(ctx.db, ctx.config)).date);
  return { ...week, ...(await teamWeek(ctx.db, { id: m.id, teamSize: teamSize(m) }, week)) };
}

/** The facts of my first steps that the account's flags do not hold: paid orders and invitations. */
export async function myFirstSteps(ctx: Ctx, userId: number): Promise<FirstSteps> {
  const m = await placingMember(ctx.db, userId);
  return firstStepFacts(ctx.db, m.id);
}

export async function searchMyDownline(
  ctx: Ctx,
  userId: number,
  p: { q: string; page: number; per_page: number },
): Promise<Page<DownlineSearchHit>> {
  const m = await placingMember(ctx.db, userId);
  const { items, total } = await searchDownline(
    ctx.db,
    { id: m.id, teamSize: teamSize(m) },
    p.q,
    p.page,
    p.per_page,
  );
  return paged(items, total, p.page, p.per_page);
}

/** Members waiting to be placed that I may place: referred by me or by my downline. */
export async function membersToPlace(
  ctx: Ctx,
  userId: number,
  p: { q?: string; page: number; per_page: number },
): Promise<Page<PlaceableMember>> {
  const m = await placingMember(ctx.db, userId);
  const today = (await businessNow(ctx.db, ctx.config)).date;
  const { items, total } = await placeableMembers(ctx.db, m.id, today, p.q, p.page, p.per_page);
  return paged(items, total, p.page, p.per_page);
}

/**
 * The free slots under an upline of my downline (myself by default): the nearest ones, and the quick
 * choices: the extreme left and right, and the end of my weaker leg (the side with the smaller team).
 */
export async function slotChoices(ctx: Ctx, userId: number, uplineId?: number): Promise<SlotChoices> {
  const m = await placingMember(ctx.db, userId);
  const id = uplineId ?? m.id;
  if (id !== m.id && !(await inDownline(ctx.db, m.id, id))) throw notFound();
  const upline = await findMember(ctx.db, { memberId: id });
  if (!upline || upline.depth === null) throw notFound();
  const weakerSide = m.left_team <= m.right_team ? 'left' : 'right';
  const weakerStart = await childOn(ctx.db, m.id, weakerSide);
  return {
    upline: toBrief(upline),
    slots: await emptySlots(ctx.db, upline.id, 4, 30),
    quick: {
      extreme_left: await extremeSlot(ctx.db, upline.id, 'left', upline.depth),
      extreme_right: await extremeSlot(ctx.db, upline.id, 'right', upline.depth),
      weaker_leg: weakerStart
        ? await extremeSlot(ctx.db, weakerStart, weakerSide, upline.depth)
        : {
            upline_member_id: m.id,
            upline_member_code: m.member_code,
            upline_first_name: m.first_name,
            upline_last_name: m.last_name,
            position: weakerSide,
            level: 1,
          },
    },
  };
}

/** A subtree of my downline (or mine) to `depth` levels, with the path from me down to its top. */
export async function downlineTree(
  ctx: Ctx,
  userId: number,
  top: number,
  depth: number,
): Promise<DownlineTree> {
  const m = await placingMember(ctx.db, userId);
  if (top !== m.id && !(await inDownline(ctx.db, m.id, top))) throw notFound();
  const today = (await businessNow(ctx.db, ctx.config)).date;
  const node = await subtree(ctx.db, top, depth, today);
  if (!node) throw notFound();
  return { top: node, path: top === m.id ? [] : await pathBetween(ctx.db, m.id, top), depth };
}

export const placeInMyDownline = (ctx: AppContext, userId: number, b: z.infer<typeof placementBody>) =>
  placeMember(ctx, userId, { memberId: b.member_id, uplineId: b.upline_member_id, position: b.position });
