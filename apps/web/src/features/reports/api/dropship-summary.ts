import type { DropshipSummary } from '@portal/contracts/income-reports';
import { reportCall, type ReportRange } from './call';

/** GET report/dropship_income_summary: the community shop's income of a range. */
export const dropshipSummary = reportCall<DropshipSummary, ReportRange>('report/dropship_income_summary');
export const useDropshipSummary = dropshipSummary.use;
