import type { ReportRangeQuery } from '@portal/contracts/reports';
import type { TravelPoint } from '@portal/contracts/travel-report';
import type { Config } from '../../../../config';
import type { Db } from '../../../../db/client';
import { daysBetween } from '@portal/plan/dates';
import { planFor } from '../../../../compensation/plan';
import { businessNow } from '../../../../lib/clock';
import { rangeOf } from '../paging';
import { travelPoints } from './repository';

/**
 * report/travel_point: the member's travel points in the range and in all, and the campaign of the
 * plan in force today with its target, what is still missing and the days left (plan 3.2).
 */
export async function travelPoint(
  db: Db,
  clock: Pick<Config, 'demoMode'>,
  userId: number,
  q: ReportRangeQuery,
): Promise<TravelPoint> {
  const { date: today } = await businessNow(db, clock);
  const campaign = (await planFor(db, today)).params.TRAVEL_CAMPAIGN;
  const found = await travelPoints(db, userId, q, campaign);
  const required = campaign?.required_points ?? 0;
  return {
    ...rangeOf(q),
    business_date: today,
    campaign: campaign ? { start: campaign.start, end: campaign.end, required_points: required } : null,
    campaign_points: found.campaign_points,
    missing_points: campaign ? Math.max(0, required - found.campaign_points) : 0,
    reached: campaign !== null && found.campaign_points >= required,
    days_left: campaign ? daysLeft(today, campaign.start, campaign.end) : null,
    range_points: found.range_points,
    total_points: found.total_points,
  };
}

/** Business days left in a campaign, today included: all of it before it starts, 0 after it ends. */
export function daysLeft(today: string, start: string, end: string): number {
  if (today > end) return 0;
  const from = today < start ? start : today;
  return daysBetween(from, end) + 1;
}
