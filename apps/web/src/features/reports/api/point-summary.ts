import type { SummaryPoint } from '@portal/contracts/reports';
import { reportCall, type ReportRange } from './call';

/** GET report/summary_point: personal PV of a range, the points per side, the LVP and point balances. */
export const pointSummary = reportCall<SummaryPoint, ReportRange>('report/summary_point');
export const usePointSummary = pointSummary.use;
