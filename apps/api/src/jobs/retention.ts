import { applyRetention } from '../modules/privacy';
import type { JobDefinition } from './registry';

/**
 * Retention (decision 044): daily at 03:40 in Bangkok and once at start, on the business clock, what
 * closed accounts left behind and has passed its period is deleted or anonymised: their leftover
 * documents and files at once, consents and staff's views of their documents three years after the
 * closure, their tax documents' buyer and PDFs five years after the month's VAT return, their
 * withholding-tax certificates five years after the year's return, and the closure notice's
 * recipient once delivered. Running it again changes nothing.
 */
export const retentionJob: JobDefinition = {
  name: 'retention',
  cron: '40 3 * * *',
  runAtStart: true,
  expireInSeconds: 30 * 60,
  handler: async ({ ctx, now, log }) => applyRetention(ctx, now, log),
};
