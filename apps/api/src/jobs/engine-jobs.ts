import { refreshVolumePreview } from '../compensation/preview';
import { closeBusinessDaysApart } from './engine-apart';
import type { JobDefinition } from './registry';

/**
 * The compensation engine's work (docs/plan.md E2, E3): just after midnight in Bangkok every day that ended
 * is closed (hold deadlines, the daily closing and titles, the MTA month on its last day, the payout run on
 * the payout weekday), also once at start so a portal that was down catches up. Each step is a recorded run
 * that is done once, so running this again changes nothing. The work runs in a worker thread of its own
 * (engine-apart.ts, decision 049), so the API's requests go on while a closing runs.
 */
export const businessDaysJob: JobDefinition = {
  name: 'business-days',
  cron: '30 0 * * *',
  runAtStart: true,
  expireInSeconds: 60 * 60,
  handler: async ({ ctx, now }) => {
    const runs = await closeBusinessDaysApart(ctx.databaseUrl, now, 'scheduler');
    return {
      runs: runs.filter((r) => !r.alreadyDone).length,
      days: runs.filter((r) => r.type === 'DAILY').length,
    };
  },
};

/** Points per side between closings (volume_preview): every five minutes. */
export const volumePreviewJob: JobDefinition = {
  name: 'volume-preview',
  cron: '*/5 * * * *',
  expireInSeconds: 10 * 60,
  handler: async ({ ctx }) => refreshVolumePreview(ctx.db),
};
