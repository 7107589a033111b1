import type { OrderSummary } from '@portal/contracts/reports';
import { reportCall, type ReportRange } from './call';

/** GET report/order/summary: the member's orders of a range in figures. */
export const orderSummary = reportCall<OrderSummary, ReportRange>('report/order/summary');
export const useOrderSummary = orderSummary.use;
