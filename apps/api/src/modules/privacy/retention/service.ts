import type { FastifyBaseLogger } from 'fastify';
import type { Moment } from '@portal/plan/dates';
import type { AppContext } from '../../../context';
import {
  anonymiseTaxDocuments,
  deleteClaimsRecords,
  deleteClosedDocuments,
  deleteWhtCertificates,
  eraseClosureRecipients,
} from './repository';
import { CLAIMS_YEARS, taxCutoff, whtLastPastYear } from './rules';

/**
 * The retention run (decision 044, "Retention"; the `retention` job): on the business day `now`,
 * what closed accounts left behind and has passed its period is deleted or anonymised, in one
 * transaction; what is still within its period is not touched. Files go after the commit, as the
 * closure's do.
 */
export async function applyRetention(ctx: AppContext, now: Moment, log: FastifyBaseLogger) {
  const claimsBefore = new Date(now.at);
  claimsBefore.setUTCFullYear(claimsBefore.getUTCFullYear() - CLAIMS_YEARS);
  const taxBefore = taxCutoff(now.date);
  const whtYear = whtLastPastYear(now.date);
  const run = await ctx.db.transaction(async (tx) => {
    const files = await deleteClosedDocuments(tx);
    const claims = await deleteClaimsRecords(tx, claimsBefore);
    const tax = await anonymiseTaxDocuments(tx, taxBefore);
    const whtCertificates = await deleteWhtCertificates(tx, whtYear);
    const closureRecipients = await eraseClosureRecipients(tx);
    return { files, counts: { ...claims, ...tax, whtCertificates, closureRecipients } };
  });
  let filesFailed = 0;
  for (const key of run.files) {
    try {
      await ctx.storage.delete(key);
    } catch (err) {
      filesFailed += 1;
      log.error({ err, key }, 'a closed account’s file could not be deleted');
    }
  }
  return {
    documents: run.files.length,
    filesFailed,
    ...run.counts,
    claimsBefore: claimsBefore.toISOString(),
    taxBefore,
    whtThroughYear: whtYear,
  };
}
