import { emptier, scratchDatabase } from './scratch';

/** What a simulation writes; emptier also empties every table that refers to these (payout holds, banks…). */
export const SIMULATION_TABLES = [
  'payouts',
  'engine_runs',
  'title_history',
  'hold_releases',
  'hold_lots',
  'closing_rows',
  'income_lines',
  'point_postings',
  'lvp_postings',
  'volume_postings',
  'order_items',
  'orders',
  'plan_versions',
  'suspension_entries',
  'member_kyc',
  'members',
  'users',
];

/**
 * A scratch database for scenarios (simulate() wants a fresh one), with `reset()`: empty again, ids
 * from the start, for the next scenario.
 */
export async function simulatorDatabase() {
  const database = await scratchDatabase();
  return { ...database, reset: await emptier(database.pool, SIMULATION_TABLES) };
}
