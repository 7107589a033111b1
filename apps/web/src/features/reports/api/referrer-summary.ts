import type { IncomeTypeSummary } from '@portal/contracts/income-reports';
import { reportCall, type ReportRange } from './call';

/** GET report/referrer_summary: the referrer bonus earned in a range, waiting and paid. */
export const referrerSummary = reportCall<IncomeTypeSummary, ReportRange>('report/referrer_summary');
export const useReferrerSummary = referrerSummary.use;
