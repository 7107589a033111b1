import type { MtaSummary } from '@portal/contracts/income-reports';
import { reportCall, type ReportRange } from './call';

/** GET report/mta_summary: the MTA bonus of a range, by generation. */
export const mtaSummary = reportCall<MtaSummary, ReportRange>('report/mta_summary');
export const useMtaSummary = mtaSummary.use;
