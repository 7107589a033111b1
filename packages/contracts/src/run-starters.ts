import { z } from 'zod';

/**
 * Who started an engine run (a closing, an MTA run, a payout), for the portal to name in the reader's
 * language: a staff member (named by `staff`), the scheduler, the demo clock, the simulator, the demo
 * seed's history; `unknown` is shown as `started_by` says.
 */
export const RUN_STARTERS = [
  'staff',
  'scheduler',
  'demo_clock',
  'simulator',
  'demo_seed',
  'unknown',
] as const;
export type RunStarter = (typeof RUN_STARTERS)[number];

export const runStarterField = z.enum(RUN_STARTERS).meta({
  description:
    'Who started the run, as a word to translate: staff (see staff), scheduler, demo_clock, simulator, demo_seed or unknown (shown as started_by)',
});
