import { sql } from 'drizzle-orm';
import type { PlacementResult, Side } from '@portal/contracts/network';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { accountOpenSql, suspendedNowSql } from '../../../compensation/standing';
import { businessNow } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { placeableSql } from '../downline/repository';
import { findMember, type MemberRow } from '../members/repository';
import { pgError, UNIQUE_VIOLATION } from '../../../lib/sql';

export async function placingMember(db: Db | Tx, userId: number): Promise<MemberRow> {
  const me = await findMember(db, { userId });
  if (!me) throw new AppError(404, 'NOT_FOUND_DATA', 'Not found data');
  return me;
}

const placementNotices = (memberName: string, uplineName: string, side: Side) => ({
  placed: {
    kind: 'placement',
    title: 'You have been placed in the organization',
    titleTh: 'คุณได้รับการจัดวางตำแหน่งในองค์กรแล้ว',
    body: `You were placed on the ${side} of ${uplineName}.`,
    bodyTh: `คุณได้รับการจัดวางไว้ทางด้าน${side === 'left' ? 'ซ้าย' : 'ขวา'}ของ ${uplineName}`,
  },
  upline: {
    kind: 'placement',
    title: 'A new member joined your team',
    titleTh: 'มีสมาชิกใหม่ในทีมของคุณ',
    body: `${memberName} was placed on your ${side}.`,
    bodyTh: `${memberName} ได้รับการจัดวางไว้ทางด้าน${side === 'left' ? 'ซ้าย' : 'ขวา'}ของคุณ`,
  },
});

interface PlacementFacts {
  me_id: number | null;
  me_depth: number | null;
  me_active: boolean;
  me_suspended: boolean;
  upline_id: number | null;
  upline_user_id: number;
  upline_code: string;
  upline_first: string;
  upline_last: string;
  upline_avatar: string | null;
  upline_gender: string;
  upline_depth: number | null;
  upline_in_downline: boolean;
  member_id: number | null;
  member_user_id: number;
  member_code: string;
  member_first: string;
  member_last: string;
  member_avatar: string | null;
  member_gender: string;
  member_depth: number | null;
  member_referrer_ok: boolean;
}

/** Everything placement must know, in one round trip (placement is CPU-bound on small machines). */
async function placementFacts(db: Db, userId: number, uplineId: number, memberId: number, today: string) {
  const { rows } = await db.execute<PlacementFacts & Record<string, unknown>>(sql`
    with me as (
      select m.id, m.depth, ${accountOpenSql(sql`m`, sql`u`)} as active, ${suspendedNowSql(sql`m.id`)} as suspended
      from members m join users u on u.id = m.user_id where m.user_id = ${userId} and u.deleted_at is null
    ),
    up as (
      select m.id, m.user_id, m.member_code, u.first_name, u.last_name, u.avatar_thumbnail, u.gender, m.depth
      from members m join users u on u.id = m.user_id where m.id = ${uplineId} and u.deleted_at is null
    ),
    cand as (
      select m.id, m.user_id, m.member_code, u.first_name, u.last_name, u.avatar_thumbnail, u.gender, m.depth,
        m.referrer_member_id
      from members m join users u on u.id = m.user_id where m.id = ${memberId} and u.deleted_at is null and u.is_active
        and ${placeableSql(sql`m`, today)}
    )
    select me.id as me_id, me.depth as me_depth, coalesce(me.active, false) as me_active, coalesce(me.suspended, false) as me_suspended,
      up.id as upline_id, up.user_id as upline_user_id, up.member_code as upline_code, up.first_name as upline_first,
      up.last_name as upline_last, up.avatar_thumbnail as upline_avatar, up.gender as upline_gender, up.depth as upline_depth,
      coalesce(up.id = me.id or (up.depth is not null and member_in_downline(me.id, up.id)), false) as upline_in_downline,
      cand.id as member_id, cand.user_id as member_user_id, cand.member_code, cand.first_name as member_first,
      cand.last_name as member_last, cand.avatar_thumbnail as member_avatar, cand.gender as member_gender,
      cand.depth as member_depth,
      coalesce(cand.referrer_member_id = me.id or member_in_downline(me.id, cand.referrer_member_id), false) as member_referrer_ok
    from (select 1) one left join me on true left join up on true left join cand on true`);
  return rows[0]!;
}

const cannotPlace = () =>
  new AppError(422, 'VALIDATION_ERROR', 'This member cannot be placed', {
    member_id: ['This member cannot be placed'],
  });

/**
 * Places a waiting member into an empty slot of my downline. One transaction: the slot, the
 * member's depth and jump pointer, every ancestor's team count and points for that side, and the
 * notifications. A slot taken meanwhile answers 409; nothing is half-written.
 */
export async function placeMember(
  ctx: AppContext,
  userId: number,
  p: { memberId: number; uplineId: number; position: Side },
): Promise<PlacementResult> {
  // Checks first, outside any lock: placed members never move, so what they establish (the upline
  // is in my downline, the member is mine to place) still holds when the writes run. What can
  // change meanwhile (the slot, the member still waiting) is enforced by the writes themselves.
  // A suspended or expired member is never placed (nor offered: search_new_member).
  const today = (await businessNow(ctx.db, ctx.config)).date;
  const f = await placementFacts(ctx.db, userId, p.uplineId, p.memberId, today);
  if (f.me_id === null) throw new AppError(404, 'NOT_FOUND_DATA', 'Not found data');
  if (!f.me_active) throw new AppError(403, 'ACCOUNT_INACTIVE', 'This account is inactive');
  if (f.me_suspended) throw new AppError(403, 'ACCOUNT_SUSPENDED', 'This account is suspended');
  if (f.me_depth === null)
    throw new AppError(403, 'FORBIDDEN', 'You must be placed in the tree before placing others');
  if (f.upline_id === null || f.upline_depth === null || !f.upline_in_downline) {
    throw new AppError(403, 'FORBIDDEN', 'The upline is not in your downline');
  }
  if (f.member_id === null || f.member_id === f.me_id) throw cannotPlace();
  if (f.member_depth !== null) {
    throw new AppError(422, 'VALIDATION_ERROR', 'This member is already placed', {
      member_id: ['This member is already placed'],
    });
  }
  if (!f.member_referrer_ok) throw cannotPlace();
  const brief = (
    id: number,
    code: string,
    first: string,
    last: string,
    avatar: string | null,
    userIdOf: number,
    gender: string,
  ) => ({
    id,
    member_code: code,
    first_name: first,
    last_name: last,
    avatar_id: userIdOf,
    avatar_thumbnail: avatar,
    gender: gender as 'male' | 'female',
  });
  const member = brief(
    f.member_id,
    f.member_code,
    f.member_first,
    f.member_last,
    f.member_avatar,
    f.member_user_id,
    f.member_gender,
  );
  const up = brief(
    f.upline_id,
    f.upline_code,
    f.upline_first,
    f.upline_last,
    f.upline_avatar,
    f.upline_user_id,
    f.upline_gender,
  );
  const n = placementNotices(
    `${member.first_name} ${member.last_name}`,
    `${up.first_name} ${up.last_name}`,
    p.position,
  );

  // The writes are one call to place_member() (migration 0007): the slot, the notifications, then
  // the walk up the ancestors' counters, the only part that queues (docs/decisions/007). The unique
  // (placement_parent_id, side) makes a racing placement into the same slot fail (409), and a member
  // placed meanwhile no longer matches `depth is null` (null back, 409).
  const notices = [
    {
      user_id: f.member_user_id,
      kind: n.placed.kind,
      title: n.placed.title,
      title_th: n.placed.titleTh,
      body: n.placed.body,
      body_th: n.placed.bodyTh,
    },
    {
      user_id: f.upline_user_id,
      kind: n.upline.kind,
      title: n.upline.title,
      title_th: n.upline.titleTh,
      body: n.upline.body,
      body_th: n.upline.bodyTh,
    },
  ];
  let placedAt: Date;
  try {
    const { rows } = await ctx.db.execute<{ placed_at: Date | string | null }>(
      sql`select place_member(${f.member_id}, ${f.upline_id}, ${p.position}, ${userId}, ${JSON.stringify(notices)}::jsonb) as placed_at`,
    );
    if (!rows[0]?.placed_at) throw new AppError(409, 'CONFLICT', 'This member was placed meanwhile');
    placedAt = new Date(rows[0].placed_at);
  } catch (err) {
    if (pgError(err).code === UNIQUE_VIOLATION)
      throw new AppError(409, 'CONFLICT', 'This position has just been taken');
    throw err;
  }
  return { member, upline: up, position: p.position, placed_at: placedAt.toISOString() };
}
