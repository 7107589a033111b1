import type { IncomeSummary } from '@portal/contracts/income-reports';
import { reportCall, type ReportRange } from './call';

/** GET report/income_summary: income of a range by type, earned, waiting and paid (decision 021). */
export const incomeSummary = reportCall<IncomeSummary, ReportRange>('report/income_summary');
