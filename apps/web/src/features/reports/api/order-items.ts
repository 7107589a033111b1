import type { Page } from '@portal/contracts/paging';
import type { OrderItemRow } from '@portal/contracts/reports';
import { reportList } from './call';

/** GET report/order/item: the items of the member's orders in a range with their PV, 10 a page. */
export const orderItems = reportList<Page<OrderItemRow>>('report/order/item');
