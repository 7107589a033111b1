import type { Page } from '@portal/contracts/paging';
import type { OrderRow } from '@portal/contracts/reports';
import { reportList } from './call';

/** GET report/order: the member's orders of a range, 10 a page. */
export const orderList = reportList<Page<OrderRow>>('report/order');
