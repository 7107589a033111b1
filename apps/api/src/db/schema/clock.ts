import { sql } from 'drizzle-orm';
import { check, integer, pgTable } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * The demo's business clock (lib/clock.ts): how many days the demo's business date is ahead of the
 * real Bangkok date. One row at most; read only in demo mode, so outside it the table stays empty.
 * The offset only grows: days already closed are never reopened.
 */
export const demoClock = pgTable(
  'demo_clock',
  {
    id: integer('id').primaryKey().default(1),
    offsetDays: integer('offset_days').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('demo_clock_single_row', sql`${t.id} = 1`),
    check('demo_clock_offset_check', sql`${t.offsetDays} >= 0`),
  ],
);
