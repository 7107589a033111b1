import type { IncomeTypeSummary } from '@portal/contracts/income-reports';
import { reportCall, type ReportRange } from './call';

/** GET report/cashback_summary: the cashback earned in a range, waiting and paid. */
export const cashbackSummary = reportCall<IncomeTypeSummary, ReportRange>('report/cashback_summary');
export const useCashbackSummary = cashbackSummary.use;
