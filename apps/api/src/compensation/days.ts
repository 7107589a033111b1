import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { addDays, type Moment } from '@portal/plan/dates';
import { runBusinessDay, type RunOptions, type RunRecord } from './engine';
import { refreshVolumePreview } from './preview';

/**
 * Closes every business day that has ended and is not closed yet, in date order (the scheduler at
 * 00:30 Bangkok, a portal that was down catching up, the demo clock moving forward): for each, what
 * runBusinessDay does (hold deadlines, the closing and titles, the MTA month, the payout run), then
 * the points members read. Days
 * already done are skipped; a failure stops at that day and the next call starts there again.
 */
export async function closeBusinessDays(db: Db, now: Moment, startedBy: string): Promise<RunRecord[]> {
  const { rows } = await db.execute<{ last: string | null; first: string | null }>(sql`
    select (select max(business_date)::text from engine_runs where type = 'DAILY' and status = 'done') as last,
      (select least((select min(effective_date) from volume_postings), (select min(paid_date) from orders),
                    (select min(created_date) from hold_lots))::text) as first`);
  const { last, first } = rows[0] ?? { last: null, first: null };
  const start = last ? addDays(last, 1) : first;
  const runs: RunRecord[] = [];
  if (!start) return runs;
  // Points per side are refreshed once, after the last day, not after each of a catch-up's days.
  const opts: RunOptions = { startedBy, now, preview: false };
  for (let d = start; d < now.date; d = addDays(d, 1)) runs.push(...(await runBusinessDay(db, d, opts)));
  if (runs.some((r) => r.type === 'DAILY' && !r.alreadyDone)) await refreshVolumePreview(db);
  return runs;
}
