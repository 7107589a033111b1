import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { demoClock } from '../db/schema/clock';
import { bangkokDate, daysBetween, isDate, type Moment } from '@portal/plan/dates';
import { notFound, validation } from './errors';

/**
 * The business clock (docs/plan.md E3, decision 030): every rule that needs "today" or "now" reads it here, never from
 * `new Date()`. A business day is a day of the Asia/Bangkok calendar (UTC+7 all year, no daylight
 * saving). In demo mode staff can move the demo's business date forward by whole days; the offset
 * lives in `demo_clock` so that every process and every restart sees the same date. Outside demo
 * mode the business clock is the real clock and the table is never read.
 */

const DAY_MS = 86_400_000;

export type ClockSettings = Pick<Config, 'demoMode'>;

export { bangkokDate };

async function demoOffsetDays(db: Db | Tx): Promise<number> {
  const rows = await db.select({ offsetDays: demoClock.offsetDays }).from(demoClock);
  return rows[0]?.offsetDays ?? 0;
}

function shifted(real: Date, offsetDays: number): Moment {
  const at = new Date(real.getTime() + offsetDays * DAY_MS);
  return { date: bangkokDate(at), at };
}

/** Now, in business time. `real` is the wall clock (a parameter for tests). */
export async function businessNow(
  db: Db | Tx,
  settings: ClockSettings,
  real: Date = new Date(),
): Promise<Moment> {
  return shifted(real, settings.demoMode ? await demoOffsetDays(db) : 0);
}

export interface ClockMove {
  /** The business date before the move. */
  from: string;
  /** The business date after it (the date asked for). */
  to: string;
  offsetDays: number;
}

/**
 * Demo mode only: moves the demo's business date forward to `toDate` (`YYYY-MM-DD`); the caller then
 * lets the days that passed do their work (`POST /dev/clock`: modules/dev/clock.ts). Outside demo mode the clock does not exist as far
 * as a caller can tell (404, as `/dev` answers there); a date that is not after the current business
 * date is refused (422): closed days are never reopened. Two moves at once are serialised on the
 * row; the second is measured from the first one's date.
 */
export async function advanceDemoClock(
  db: Db,
  toDate: string,
  settings: ClockSettings,
  real: Date = new Date(),
): Promise<ClockMove> {
  if (!settings.demoMode) throw notFound();
  if (!isDate(toDate)) throw validation('date', 'The date must be a calendar date written YYYY-MM-DD.');
  const move = await db.transaction(async (tx) => {
    await tx.insert(demoClock).values({ id: 1, offsetDays: 0 }).onConflictDoNothing();
    const [row] = await tx
      .select({ offsetDays: demoClock.offsetDays })
      .from(demoClock)
      .where(sql`${demoClock.id} = 1`)
      .for('update');
    const from = shifted(real, row?.offsetDays ?? 0).date;
    const days = daysBetween(from, toDate);
    if (days <= 0) {
      throw validation('date', `The business date can only move forward: it is ${from} now.`);
    }
    const offsetDays = (row?.offsetDays ?? 0) + days;
    await tx
      .update(demoClock)
      .set({ offsetDays, updatedAt: sql`now()` })
      .where(sql`${demoClock.id} = 1`);
    return { from, to: toDate, offsetDays };
  });
  return move;
}
