import { advanceKycDeadlines } from '../modules/profile';
import { endAccessStamped } from '../modules/accounts';
import type { JobDefinition } from './registry';

/**
 * The KYC deadline (README, First start step 5; decision 009): daily just after midnight in Bangkok, and
 * once when the portal starts (a portal that was down at midnight catches up). Members whose suspension
 * began or ended have been stamped in the database by the run's transaction; their access tokens end here
 * at once, in the revocation store every request checks (decision 011).
 */
export const kycDeadlineJob: JobDefinition = {
  name: 'kyc-deadline',
  cron: '5 0 * * *',
  runAtStart: true,
  handler: async ({ ctx, now }) => {
    const run = await advanceKycDeadlines(ctx.db, now.at, ctx.config.kyc);
    await endAccessStamped(ctx, run.standingChanged);
    return {
      checked: run.checked,
      ...run.created,
      updated: run.updated,
      standingChanged: run.standingChanged.length,
    };
  },
};
