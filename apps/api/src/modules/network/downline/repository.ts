import { sql, type SQL } from 'drizzle-orm';
import type {
  DownlineNode,
  DownlineSearchHit,
  EmptySlot,
  MemberBrief,
  PlaceableMember,
  Side,
  TeamOverview,
} from '@portal/contracts/network';
import { accountOpenSql, activeOnSql, suspendedNowSql } from '../../../compensation/standing';
import type { Db, Tx } from '../../../db/client';
import { BRIEF_COLUMNS, briefs, toBrief, type BriefRow } from '../members/repository';
import { containsPattern } from '../../../lib/sql';

export async function inDownline(db: Db | Tx, top: number, node: number): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(sql`select member_in_downline(${top}, ${node}) as ok`);
  return rows[0]?.ok === true;
}

type NodeRow = BriefRow & {
  package: string | null;
  business_title: string | null;
  is_active: boolean;
  expiry_date: string | null;
  point: string;
  left_team: number;
  right_team: number;
  left_points: string;
  right_points: string;
  side: Side | null;
  placement_parent_id: number | null;
  placed_at: Date | null;
  level: number;
};

/**
 * The top and its downline to `depth` levels: one recursive query over at most 2^(depth+1) rows.
 * `is_active` is the standing rule "active on `today`" (plan 1.2).
 */
export async function subtree(
  db: Db | Tx,
  top: number,
  depth: number,
  today: string,
): Promise<DownlineNode | null> {
  const { rows } = await db.execute<NodeRow>(sql`
    with recursive t(id, level) as (
      select ${top}::bigint, 0
      union all
      select c.id, t.level + 1 from t join members c on c.placement_parent_id = t.id where t.level < ${depth}
    )
    select ${BRIEF_COLUMNS}, m.package, m.business_title, ${activeOnSql(sql`m.expiry_date`, today)} as is_active, m.expiry_date::text, m.point::text,
      m.left_team, m.right_team, coalesce(vp.left_points, 0)::numeric(16,2)::text as left_points, coalesce(vp.right_points, 0)::numeric(16,2)::text as right_points, m.side, m.placement_parent_id,
      m.placed_at, t.level
    from t join members m on m.id = t.id join users u on u.id = m.user_id
    left join volume_preview vp on vp.member_id = m.id
    order by t.level`);
  const nodes = new Map<number, DownlineNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      ...toBrief(r),
      package: r.package,
      business_title: r.business_title,
      is_active: r.is_active,
      expiry_date: r.expiry_date,
      point: r.point,
      left_team: r.left_team,
      right_team: r.right_team,
      left_points: r.left_points,
      right_points: r.right_points,
      side: r.side,
      level: r.level,
      placed_at: r.placed_at ? new Date(r.placed_at).toISOString() : null,
      left: null,
      right: null,
      empty_left: true,
      empty_right: true,
      has_more: false,
    });
  }
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    // Counts say whether a child exists below the fetched levels without fetching it.
    node.empty_left = r.left_team === 0;
    node.empty_right = r.right_team === 0;
    node.has_more = r.level === depth && r.left_team + r.right_team > 0;
    if (r.level > 0 && r.placement_parent_id !== null && r.side) {
      const parent = nodes.get(r.placement_parent_id);
      if (parent) parent[r.side] = node;
    }
  }
  return nodes.get(top) ?? null;
}

/** The chain from `from` (inclusive) down to the upline of `to`, for breadcrumbs and "up one level". */
export async function pathBetween(db: Db | Tx, from: number, to: number): Promise<MemberBrief[]> {
  const { rows } = await db.execute<BriefRow & { depth: number }>(sql`
    with recursive up(id) as (
      select placement_parent_id from members where id = ${to} and id <> ${from}
      union all
      select m.placement_parent_id from up join members m on m.id = up.id where up.id <> ${from}
    )
    select ${BRIEF_COLUMNS}, m.depth from up join members m on m.id = up.id join users u on u.id = m.user_id
    order by m.depth`);
  return rows.map(toBrief);
}

/** The free slot reached by always going to one side from `start`. */
export async function extremeSlot(
  db: Db | Tx,
  start: number,
  side: Side,
  baseDepth: number,
): Promise<EmptySlot | null> {
  const { rows } = await db.execute<{
    id: number;
    member_code: string;
    depth: number;
    first_name: string;
    last_name: string;
  }>(sql`
    with recursive walk(id) as (
      select ${start}::bigint
      union all
      select c.id from walk join members c on c.placement_parent_id = walk.id and c.side = ${side}
    )
    select m.id, m.member_code, m.depth, u.first_name, u.last_name
    from walk join members m on m.id = walk.id join users u on u.id = m.user_id
    order by m.depth desc limit 1`);
  const last = rows[0];
  return last
    ? {
        upline_member_id: last.id,
        upline_member_code: last.member_code,
        upline_first_name: last.first_name,
        upline_last_name: last.last_name,
        position: side,
        level: last.depth - baseDepth + 1,
      }
    : null;
}

/** Empty slots in the first `levels` levels under `top`, nearest first, at most `limit`. */
export async function emptySlots(
  db: Db | Tx,
  top: number,
  levels: number,
  limit: number,
): Promise<EmptySlot[]> {
  const { rows } = await db.execute<{
    id: number;
    member_code: string;
    first_name: string;
    last_name: string;
    level: number;
    has_left: boolean;
    has_right: boolean;
  }>(sql`
    with recursive t(id, level) as (
      select ${top}::bigint, 0
      union all
      select c.id, t.level + 1 from t join members c on c.placement_parent_id = t.id where t.level < ${levels - 1}
    )
    select m.id, m.member_code, u.first_name, u.last_name, t.level,
      m.left_team > 0 as has_left, m.right_team > 0 as has_right
    from t join members m on m.id = t.id join users u on u.id = m.user_id
    where m.left_team = 0 or m.right_team = 0
    order by t.level, m.id limit ${limit}`);
  const out: EmptySlot[] = [];
  for (const r of rows) {
    const upline = {
      upline_member_id: r.id,
      upline_member_code: r.member_code,
      upline_first_name: r.first_name,
      upline_last_name: r.last_name,
      level: r.level + 1,
    };
    if (!r.has_left) out.push({ ...upline, position: 'left' });
    if (!r.has_right) out.push({ ...upline, position: 'right' });
  }
  return out.slice(0, limit);
}

/** A subtree this small is searched by walking it; a larger one through the trigram indexes. */
export const WALK_LIMIT = 20_000;
/** The most candidates a broad search checks for membership of the downline. */
const CANDIDATE_LIMIT = 2_000;

export async function searchDownline(
  db: Db | Tx,
  me: { id: number; teamSize: number },
  q: string,
  page: number,
  perPage: number,
): Promise<{ items: DownlineSearchHit[]; total: number }> {
  const term = containsPattern(q.toLowerCase());
  const code = containsPattern(q.toUpperCase());
  const candidates =
    me.teamSize <= WALK_LIMIT
      ? sql`
        with recursive t(id) as (
          select c.id from members c where c.placement_parent_id = ${me.id}
          union all
          select c.id from t join members c on c.placement_parent_id = t.id
        ),
        hits as (
          select m.id from t join members m on m.id = t.id join users u on u.id = m.user_id
          where u.search_text like ${term} or m.member_code like ${code}
        )`
      : sql`
        with cand as (
          (select m.id from users u join members m on m.user_id = u.id where u.search_text like ${term} and m.depth is not null limit ${CANDIDATE_LIMIT})
          union
          (select m.id from members m where m.member_code like ${code} and m.depth is not null limit ${CANDIDATE_LIMIT})
        ),
        hits as (
          select cand.id from cand where cand.id <> ${me.id} and member_in_downline(${me.id}, cand.id)
        )`;
  const { rows } = await db.execute<
    BriefRow & {
      total: number;
      mobile: string;
      package: string | null;
      business_title: string | null;
      side: Side | null;
      placed_at: Date | null;
    }
  >(sql`
    ${candidates}
    select ${BRIEF_COLUMNS}, u.mobile, m.package, m.business_title, m.side, m.placed_at, count(*) over () :: int as total
    from hits join members m on m.id = hits.id join users u on u.id = m.user_id
    where u.deleted_at is null
    order by m.depth, m.id
    limit ${perPage} offset ${(page - 1) * perPage}`);
  return {
    total: rows[0]?.total ?? (page > 1 ? await countOnly(db, candidates) : 0),
    items: rows.map((r) => ({
      ...toBrief(r),
      phone_number: r.mobile,
      package: r.package,
      business_title: r.business_title,
      side: r.side,
      placed_at: r.placed_at ? new Date(r.placed_at).toISOString() : null,
    })),
  };
}

async function countOnly(db: Db | Tx, candidates: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`${candidates} select count(*)::int as n from hits`);
  return rows[0]?.n ?? 0;
}

const walkDownline = (top: number) => sql`
  with recursive t(id) as (
    select c.id from members c where c.placement_parent_id = ${top}
    union all
    select c.id from t join members c on c.placement_parent_id = t.id
  )`;

/**
 * Newest placed below me, newest I referred, and placements per month (Asia/Bangkok) in my downline.
 * A small team is walked; for a large one the newest placements come from the placed_at index,
 * checked for membership until five are found (a large team owns most recent placements).
 */
export async function teamOverview(
  db: Db | Tx,
  me: { id: number; teamSize: number },
  months = 12,
): Promise<TeamOverview> {
  const placed =
    me.teamSize <= WALK_LIMIT
      ? await db.execute<BriefRow & { side: Side | null; placed_at: Date }>(sql`
          ${walkDownline(me.id)}
          select ${BRIEF_COLUMNS}, m.side, m.placed_at from t join members m on m.id = t.id join users u on u.id = m.user_id
          order by m.placed_at desc nulls last limit 5`)
      : await db.execute<BriefRow & { side: Side | null; placed_at: Date }>(sql`
          select ${BRIEF_COLUMNS}, m.side, m.placed_at from members m join users u on u.id = m.user_id
          where m.placed_at is not null and m.id <> ${me.id} and member_in_downline(${me.id}, m.id)
          order by m.placed_at desc limit 5`);
  const referred = await db.execute<BriefRow & { created_at: Date; depth: number | null }>(sql`
    select ${BRIEF_COLUMNS}, m.created_at, m.depth from members m join users u on u.id = m.user_id
    where m.referrer_member_id = ${me.id} and u.deleted_at is null
    order by m.created_at desc limit 5`);
  const growth = await db.execute<{ month: string; placed: number; referred: number }>(sql`
    ${walkDownline(me.id)},
    months as (
      select to_char(date_trunc('month', now() at time zone 'Asia/Bangkok') - make_interval(months => g), 'YYYY-MM') as month
      from generate_series(0, ${months - 1}) g
    ),
    p as (
      select to_char(m.placed_at at time zone 'Asia/Bangkok', 'YYYY-MM') as month, count(*)::int as n
      from t join members m on m.id = t.id
      where m.placed_at >= now() - make_interval(months => ${months})
      group by 1
    ),
    r as (
      select to_char(m.created_at at time zone 'Asia/Bangkok', 'YYYY-MM') as month, count(*)::int as n
      from members m where m.referrer_member_id = ${me.id} and m.created_at >= now() - make_interval(months => ${months})
      group by 1
    )
    select months.month, coalesce(p.n, 0) as placed, coalesce(r.n, 0) as referred
    from months left join p using (month) left join r using (month) order by months.month`);
  return {
    newest_placed: placed.rows
      .filter((r) => r.placed_at)
      .map((r) => ({ ...toBrief(r), side: r.side, placed_at: new Date(r.placed_at).toISOString() })),
    newest_referred: referred.rows.map((r) => ({
      ...toBrief(r),
      register_date: new Date(r.created_at).toISOString(),
      is_placed: r.depth !== null,
    })),
    growth: growth.rows,
  };
}

export type SummaryRow = {
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

/**
 * The summary in one round trip: the team counts placement maintains, the points per side the ledger
 * gives (the last closing's carry plus the unclosed new volume, volume_preview), my direct referrals,
 * and whether I may place (account open, placed, not suspended: the standing rules).
 */
export async function summaryRow(db: Db | Tx, userId: number): Promise<SummaryRow | null> {
  const { rows } = await db.execute<SummaryRow>(sql`
    select m.left_team, m.right_team, coalesce(vp.left_points, 0)::numeric(16,2)::text as left_points, coalesce(vp.right_points, 0)::numeric(16,2)::text as right_points,
      ${accountOpenSql(sql`m`, sql`u`)} and m.depth is not null and not ${suspendedNowSql(sql`m.id`)} as can_add,
      (select count(*)::int from members d where d.referrer_member_id = m.id) as direct,
      (select count(*)::int from members d where d.referrer_member_id = m.id and d.depth is null) as waiting,
      r.id as ref_id, r.member_code as ref_code, ru.first_name as ref_first, ru.last_name as ref_last,
      ru.id as ref_user_id, ru.avatar_thumbnail as ref_avatar, ru.gender as ref_gender
    from members m join users u on u.id = m.user_id left join volume_preview vp on vp.member_id = m.id
    left join members r on r.id = m.referrer_member_id left join users ru on ru.id = r.user_id
    where m.user_id = ${userId} and u.deleted_at is null`);
  return rows[0] ?? null;
}

/**
 * SQL: a waiting member `m` may be placed today: not suspended, and not expired (an expiry date that
 * has passed; a new member has none until their first package).
 */
export const placeableSql = (m: SQL, today: string) =>
  sql`(not ${suspendedNowSql(sql`${m}.id`)} and (${m}.expiry_date is null or ${m}.expiry_date >= ${today}::date))`;

/**
 * Registered, not yet placed, referred by `memberId` or their downline, and placeable today (never
 * a suspended or expired member); newest first, a page.
 */
export async function placeableMembers(
  db: Db | Tx,
  memberId: number,
  today: string,
  q: string | undefined,
  page: number,
  perPage: number,
): Promise<{ items: PlaceableMember[]; total: number }> {
  const term = q ? containsPattern(q.toLowerCase()) : null;
  const code = q ? containsPattern(q.toUpperCase()) : null;
  const { rows } = await db.execute<
    BriefRow & { email: string; mobile: string; created_at: Date; referrer_member_id: number; total: number }
  >(sql`
    select ${BRIEF_COLUMNS}, u.email, u.mobile, m.created_at, m.referrer_member_id, count(*) over ()::int as total
    from members m join users u on u.id = m.user_id
    where m.depth is null and m.referrer_member_id is not null and u.deleted_at is null and u.is_active
      and ${placeableSql(sql`m`, today)}
      and (m.referrer_member_id = ${memberId} or member_in_downline(${memberId}, m.referrer_member_id))
      and (${term}::text is null or u.search_text like ${term} or m.member_code like ${code})
    order by m.created_at desc, m.id desc
    limit ${perPage} offset ${(page - 1) * perPage}`);
  const refs = await briefs(db, [...new Set(rows.map((r) => r.referrer_member_id))]);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({
      ...toBrief(r),
      email: r.email,
      phone_number: r.mobile,
      referrer: refs.get(r.referrer_member_id) ?? null,
      register_date: new Date(r.created_at).toISOString(),
    })),
  };
}

/** The member's child on one side, if any. */
export async function childOn(db: Db | Tx, parentId: number, side: Side): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from members where placement_parent_id = ${parentId} and side = ${side}`,
  );
  return rows[0]?.id ?? null;
}

/**
 * My team's activity between two business dates: members placed below me (placed_at in
 * Asia/Bangkok), members who signed up with my invitation, and my downline's own orders paid in the
 * range and not canceled (a community-shop sale is the shop owner's, not a team purchase) with their
 * PV. A small team is walked; a large one is read from the range's rows (placed_at and paid_date
 * indexes) checked for membership of my downline.
 */
export async function teamWeek(
  db: Db | Tx,
  me: { id: number; teamSize: number },
  range: { from: string; to: string },
): Promise<{ placed: number; referred: number; orders: number; pv: number }> {
  const placedIn = sql`(m.placed_at at time zone 'Asia/Bangkok')::date between ${range.from}::date and ${range.to}::date`;
  const paidIn = sql`o.paid_date between ${range.from}::date and ${range.to}::date and o.canceled_at is null
    and o.order_type <> 'DROPSHIP'`;
  const team =
    me.teamSize <= WALK_LIMIT
      ? sql`${walkDownline(me.id)},
        p as (select count(*)::int as n from t join members m on m.id = t.id where ${placedIn}),
        o as (select count(*)::int as n, coalesce(sum(o.pv_total), 0)::int as pv
              from t join orders o on o.member_id = t.id where ${paidIn})`
      : sql`with
        p as (select count(*)::int as n from members m
              where m.placed_at >= ${range.from}::date - 1 and m.placed_at < ${range.to}::date + 2
                and ${placedIn} and m.id <> ${me.id} and member_in_downline(${me.id}, m.id)),
        o as (select count(*)::int as n, coalesce(sum(o.pv_total), 0)::int as pv
              from orders o where ${paidIn} and o.member_id <> ${me.id}
                and member_in_downline(${me.id}, o.member_id))`;
  const { rows } = await db.execute<{ placed: number; referred: number; orders: number; pv: number }>(sql`
    ${team}
    select p.n as placed, o.n as orders, o.pv,
      (select count(*)::int from members m where m.referrer_member_id = ${me.id}
        and (m.created_at at time zone 'Asia/Bangkok')::date between ${range.from}::date and ${range.to}::date) as referred
    from p, o`);
  return rows[0] ?? { placed: 0, referred: 0, orders: 0, pv: 0 };
}

/**
 * What a new member's first steps need besides the account's flags: my own paid orders that stand
 * (not canceled; a community-shop sale is not my purchase) and how many signed up with my invitation.
 */
export async function firstStepFacts(
  db: Db | Tx,
  memberId: number,
): Promise<{ paid_orders: number; invited: number }> {
  const { rows } = await db.execute<{ paid_orders: number; invited: number }>(sql`
    select
      (select count(*)::int from orders o where o.member_id = ${memberId} and o.paid_date is not null
        and o.canceled_at is null and o.order_type <> 'DROPSHIP') as paid_orders,
      (select count(*)::int from members d where d.referrer_member_id = ${memberId}) as invited`);
  return rows[0] ?? { paid_orders: 0, invited: 0 };
}
