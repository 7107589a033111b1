import type { OrganizeSummary } from '@portal/contracts/reports';
import { reportCall, type ReportRange } from './call';

/** GET report/order/organize_summary: the PV the team's orders brought in a range, per side. */
export const organizeSummary = reportCall<OrganizeSummary, ReportRange>('report/order/organize_summary');
export const useOrganizeSummary = organizeSummary.use;
