import { sql } from 'drizzle-orm';
import { isSuspended } from '@portal/contracts/identity';
import type { PlacementResult, Side } from '@portal/contracts/network';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { notify } from '../../identity/notifications/notify';
import { briefs, findMember, suspensionOf, type MemberRow } from '../members/repository';

/** Every placement updates the counters of the top of the tree, so placements queue here anyway. */
const PLACEMENT_LOCK = 7_250_001;

export async function placingMember(db: Db | Tx, userId: number): Promise<MemberRow> {
  const me = await findMember(db, { userId });
  if (!me) throw new AppError(404, 'NOT_FOUND_DATA', 'Not found data');
  return me;
}

export function assertMayPlace(me: MemberRow) {
  if (!me.is_active || !me.user_active) throw new AppError(403, 'ACCOUNT_INACTIVE', 'This account is inactive');
  if (isSuspended(suspensionOf(me))) throw new AppError(403, 'ACCOUNT_SUSPENDED', 'This account is suspended');
  if (me.depth === null) throw new AppError(403, 'FORBIDDEN', 'You must be placed in the tree before placing others');
}

/** A member waiting to be placed whom `me` may place: referred by me or by someone in my downline. */
export async function isPlaceableBy(db: Db | Tx, meId: number, candidate: MemberRow): Promise<boolean> {
  if (candidate.depth !== null || candidate.referrer_member_id === null) return false;
  if (candidate.referrer_member_id === meId) return true;
  const { rows } = await db.execute<{ ok: boolean }>(
    sql`select member_in_downline(${meId}, ${candidate.referrer_member_id}) as ok`,
  );
  return rows[0]?.ok === true;
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
export async function placeMember(
  ctx: AppContext,
  userId: number,
  p: { memberId: number; uplineId: number; position: Side },
): Promise<PlacementResult> {
  // Checks first, outside the placement lock: placed members never move, so what they establish
  // (the upline is in my downline, the member is mine to place) still holds once the lock is taken.
  // What can change meanwhile (the slot, the member still waiting) is enforced by the writes below.
  const me = await placingMember(ctx.db, userId);
  assertMayPlace(me);
  const upline = await findMember(ctx.db, { memberId: p.uplineId });
  if (!upline || upline.depth === null) throw new AppError(403, 'FORBIDDEN', 'The upline is not in your downline');
  if (upline.id !== me.id) {
    const { rows } = await ctx.db.execute<{ ok: boolean }>(sql`select member_in_downline(${me.id}, ${upline.id}) as ok`);
    if (!rows[0]?.ok) throw new AppError(403, 'FORBIDDEN', 'The upline is not in your downline');
  }
  const candidate = await findMember(ctx.db, { memberId: p.memberId });
  if (!candidate || candidate.id === me.id) {
    throw new AppError(422, 'VALIDATION_ERROR', 'This member cannot be placed', { member_id: ['This member cannot be placed'] });
  }
  if (candidate.depth !== null) {
    throw new AppError(422, 'VALIDATION_ERROR', 'This member is already placed', { member_id: ['This member is already placed'] });
  }
  if (!(await isPlaceableBy(ctx.db, me.id, candidate))) {
    throw new AppError(422, 'VALIDATION_ERROR', 'This member cannot be placed', { member_id: ['This member cannot be placed'] });
  }
  const names = await briefs(ctx.db, [candidate.id, upline.id]);
  const member = names.get(candidate.id)!;
  const up = names.get(upline.id)!;
  const n = placementNotices(`${member.first_name} ${member.last_name}`, `${up.first_name} ${up.last_name}`, p.position);

  const placedAt = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PLACEMENT_LOCK})`);
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
      const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (code === '23505') throw new AppError(409, 'CONFLICT', 'This position has just been taken');
      throw err;
    }
    if (!rows[0]) throw new AppError(409, 'CONFLICT', 'This member was placed meanwhile');

    // One walk up the ancestors: each gains one member and the new member's points on the side it hangs.
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
    await notify(tx, candidate.user_id, n.placed);
    await notify(tx, upline.user_id, n.upline);
    return new Date(rows[0].placed_at);
  });
  return { member, upline: up, position: p.position, placed_at: placedAt.toISOString() };
}
