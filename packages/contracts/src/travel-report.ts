import { z } from 'zod';
import { businessDate, range } from './reports.ts';

/**
 * report/travel_point (plan 3.2): travel points are the cycles of every qualified closing row
 * (capped cycles included), never reversed and not money. The plan's TRAVEL_CAMPAIGN (start, end,
 * required points; null: no campaign) counts the points of closing rows dated in its window.
 */
const points = z.number().int();

export const travelCampaignSchema = z.object({
  start: businessDate,
  end: businessDate,
  required_points: points,
});

export const travelPointSchema = z.object({
  ...range,
  /** Today on the business clock (the campaign's days left count from it). */
  business_date: businessDate,
  /** The campaign of the plan in force today; null when the plan runs none. */
  campaign: travelCampaignSchema.nullable(),
  /** Travel points earned in the campaign's window (0 without a campaign). */
  campaign_points: points,
  /** What the campaign's target still needs (0 once reached or without a campaign). */
  missing_points: points,
  reached: z.boolean(),
  /** Business days left in the campaign, today included; 0 once it ended; null without one. */
  days_left: z.number().int().nullable(),
  /** Travel points of closing rows in the range asked. */
  range_points: points,
  /** Every travel point earned, all time. */
  total_points: points,
});
export type TravelPoint = z.infer<typeof travelPointSchema>;
