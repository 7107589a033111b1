import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { bounds, memberOf, type Range } from '../paging';

export type TravelRecord = { range_points: number; total_points: number; campaign_points: number };

/**
 * The member's travel points (plan 3.2): the cycles of qualified closing rows, in the range asked,
 * in all, and in the campaign's window (none: 0).
 */
export async function travelPoints(
  db: Db,
  userId: number,
  q: Range,
  campaign: { start: string; end: string } | null,
): Promise<TravelRecord> {
  const { from, to } = bounds(q);
  const window = campaign
    ? sql`c.closing_date between ${campaign.start}::date and ${campaign.end}::date`
    : sql`false`;
  const { rows } = await db.execute<TravelRecord>(sql`
    select
      coalesce(sum(c.cycles) filter (where c.closing_date between ${from} and ${to}), 0)::int as range_points,
      coalesce(sum(c.cycles), 0)::int as total_points,
      coalesce(sum(c.cycles) filter (where ${window}), 0)::int as campaign_points
    from closing_rows c
    where c.member_id = ${memberOf(userId)} and c.qualified`);
  return rows[0] ?? { range_points: 0, total_points: 0, campaign_points: 0 };
}
