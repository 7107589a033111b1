import type { OrderDetail } from '@portal/contracts/reports';
import { reportCall } from './call';

/** GET report/order/{id}: one order's items with their bundle parts, and how it was paid. */
export const orderDetail = (id: number) => reportCall<OrderDetail>(`report/order/${id}`);
export const useOrderDetail = (id: number) => orderDetail(id).use({});
