import type { CycleSummary } from '@portal/contracts/reports';
import { reportCall, type ReportRange } from './call';

/** GET report/summary_cycle: the cycle bonus of a range, with the points it split (plan section 5). */
export const cycleSummary = reportCall<CycleSummary, ReportRange>('report/summary_cycle');
export const useCycleSummary = cycleSummary.use;
