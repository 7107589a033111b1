import { sql } from 'drizzle-orm';
import type { PlacementResult, Side } from '@portal/contracts/network';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { notifyMany } from '../../identity/notifications/notify';
import { findMember, type MemberRow } from '../members/repository';

/** Every placement updates the counters of the top of the tree: those updates queue on this lock. */
const PLACEMENT_LOCK = 7_250_001;

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

/**
 * Places a waiting member into an empty slot of my downline. One transaction: the slot, the
 * member's depth and jump pointer, every ancestor's team count and points for that side, and the
 * notifications. A slot taken meanwhile answers 409; nothing is half-written.
 */
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
  member_point: string;
  member_referrer_ok: boolean;
}

/** Everything placement must know, in one round trip (placement is CPU-bound on small machines). */
async function placementFacts(db: Db, userId: number, uplineId: number, memberId: number) {
  const { rows } = await db.execute<PlacementFacts & Record<string, unknown>>(sql`
    with me as (
      select m.id, m.depth, m.is_active and u.is_active as active,
        coalesce((select s.status in ('active', 'done') from suspension_entries s where s.member_id = m.id
                  order by s.created_at desc, s.id desc limit 1), false) as suspended
      from members m join users u on u.id = m.user_id where m.user_id = ${userId} and u.deleted_at is null
    ),
    up as (
      select m.id, m.user_id, m.member_code, u.first_name, u.last_name, u.avatar_thumbnail, u.gender, m.depth
      from members m join users u on u.id = m.user_id where m.id = ${uplineId} and u.deleted_at is null
    ),
    cand as (
      select m.id, m.user_id, m.member_code, u.first_name, u.last_name, u.avatar_thumbnail, u.gender, m.depth,
        m.point::text as point, m.referrer_member_id
      from members m join users u on u.id = m.user_id where m.id = ${memberId} and u.deleted_at is null and u.is_active
    )
    select me.id as me_id, me.depth as me_depth, coalesce(me.active, false) as me_active, coalesce(me.suspended, false) as me_suspended,
      up.id as upline_id, up.user_id as upline_user_id, up.member_code as upline_code, up.first_name as upline_first,
      up.last_name as upline_last, up.avatar_thumbnail as upline_avatar, up.gender as upline_gender, up.depth as upline_depth,
      coalesce(up.id = me.id or (up.depth is not null and member_in_downline(me.id, up.id)), false) as upline_in_downline,
      cand.id as member_id, cand.user_id as member_user_id, cand.member_code, cand.first_name as member_first,
      cand.last_name as member_last, cand.avatar_thumbnail as member_avatar, cand.gender as member_gender,
      cand.depth as member_depth, cand.point as member_point,
      coalesce(cand.referrer_member_id = me.id or member_in_downline(me.id, cand.referrer_member_id), false) as member_referrer_ok
    from (select 1) one left join me on true left join up on true left join cand on true`);
  return rows[0]!;
}

const cannotPlace = () =>
  new AppError(422, 'VALIDATION_ERROR', 'This member cannot be placed', {
    member_id: ['This member cannot be placed'],
  });

export async function placeMember(
  ctx: AppContext,
  userId: number,
  p: { memberId: number; uplineId: number; position: Side },
): Promise<PlacementResult> {
  // Checks first, outside any lock: placed members never move, so what they establish (the upline
  // is in my downline, the member is mine to place) still holds when the writes run. What can
  // change meanwhile (the slot, the member still waiting) is enforced by the writes themselves.
  const f = await placementFacts(ctx.db, userId, p.uplineId, p.memberId);
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
  const candidate = { id: f.member_id, point: f.member_point };
  const upline = { id: f.upline_id };

  const placedAt = await ctx.db.transaction(async (tx) => {
    // Taking the slot needs no queue: the unique (placement_parent_id, side) makes a racing
    // placement into the same slot wait for this one and then fail (409), and a member placed
    // meanwhile no longer matches `depth is null`.
    let rows: { placed_at: Date }[];
    try {
      ({ rows } = await tx.execute<{ placed_at: Date }>(sql`
        update members c set
          placement_parent_id = p.id,
          side = ${p.position},
          depth = p.depth + 1,
          jump_id = case when p.depth - j.depth = j.depth - jj.depth and j.id <> p.id then jj.id else p.id end,
          placed_at = now(),
          updated_at = now(),
          updated_by = ${userId}
        from members p join members j on j.id = p.jump_id join members jj on jj.id = j.jump_id
        where p.id = ${upline.id} and c.id = ${candidate.id} and c.depth is null
        returning c.placed_at`));
    } catch (err) {
      const code =
        (err as { code?: string; cause?: { code?: string } }).code ??
        (err as { cause?: { code?: string } }).cause?.code;
      if (code === '23505') throw new AppError(409, 'CONFLICT', 'This position has just been taken');
      throw err;
    }
    if (!rows[0]) throw new AppError(409, 'CONFLICT', 'This member was placed meanwhile');
    await notifyMany(tx, [
      { userId: f.member_user_id, ...n.placed },
      { userId: f.upline_user_id, ...n.upline },
    ]);

    // Only the counters queue (see docs/decisions/007): one walk up the ancestors, each gaining
    // one member and the new member's points on the side it hangs.
    await tx.execute(sql`select pg_advisory_xact_lock(${PLACEMENT_LOCK})`);
    await tx.execute(sql`
      with recursive up(id, side) as (
        select placement_parent_id, side from members where id = ${candidate.id}
        union all
        select m.placement_parent_id, m.side from up join members m on m.id = up.id where m.placement_parent_id is not null
      )
      update members a set
        left_team = a.left_team + (up.side = 'left')::int,
        right_team = a.right_team + (up.side = 'right')::int,
        left_points = a.left_points + case when up.side = 'left' then ${candidate.point}::numeric else 0 end,
        right_points = a.right_points + case when up.side = 'right' then ${candidate.point}::numeric else 0 end
      from up where a.id = up.id`);
    return new Date(rows[0].placed_at);
  });
  return { member, upline: up, position: p.position, placed_at: placedAt.toISOString() };
}
