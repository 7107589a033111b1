import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@portal/contracts/paging';
import type { OrderStatus, StaffOrder } from '@portal/contracts/shop';
import type { Hold } from '@portal/contracts/shop-holds';
import { apiBlob, apiRequest } from '../../../lib/http/client';
import { invalidate, queryKeys } from '../../../lib/query-keys';

export interface StaffOrderRow {
  order_no: string;
  order_type: StaffOrder['order_type'];
  channel: StaffOrder['channel'];
  status: OrderStatus;
  payment_status: StaffOrder['payment_status'];
  total_amount: string;
  net_amount: string;
  created_at: string;
  paid_at: string | null;
  buyer_name: string;
  member_code: string;
  payment_method: string;
  slip_waiting: boolean;
  /** Set while the order is unpaid and holds units off the shelf (issue 19). */
  hold: Hold | null;
}

export interface StaffOrderFilter {
  q?: string;
  status?: OrderStatus;
  slip_waiting?: boolean;
  /** Only the unpaid orders holding stock. */
  holding?: boolean;
  page: number;
}

export function useStaffOrders(filter: StaffOrderFilter, lang: string) {
  return useQuery({
    queryKey: queryKeys.orders.staff({ ...filter }, lang),
    queryFn: ({ signal }) =>
      apiRequest<Page<StaffOrderRow>>('/v1/orders', {
        service: 'staff',
        query: {
          q: filter.q,
          status: filter.status,
          slip_waiting: filter.slip_waiting ? 'true' : undefined,
          holding: filter.holding ? 'true' : undefined,
          page: filter.page,
          per_page: 20,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffOrder(number: string | null, lang: string) {
  return useQuery({
    queryKey: queryKeys.orders.staffOne(number, lang),
    queryFn: ({ signal }) =>
      apiRequest<StaffOrder>(`/v1/orders/${encodeURIComponent(number ?? '')}`, { service: 'staff', signal }),
    enabled: number !== null,
  });
}

export type OrderAction =
  | { kind: 'confirm' }
  | { kind: 'reject'; reason: string }
  | { kind: 'packing' }
  | { kind: 'ship'; tracking_no: string; carrier?: string }
  | { kind: 'deliver' }
  | { kind: 'cancel'; reason: string }
  | { kind: 'release'; reason: string };

const PATHS: Record<OrderAction['kind'], string> = {
  confirm: 'payment/confirm',
  reject: 'payment/reject',
  packing: 'packing',
  ship: 'ship',
  deliver: 'deliver',
  cancel: 'cancel',
  release: 'release',
};

/** One desk action on an order; every one is in the order's audit trail. */
export function useOrderAction(number: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) => {
      const { kind, ...body } = action;
      return apiRequest<StaffOrder>(`/v1/orders/${encodeURIComponent(number)}/${PATHS[kind]}`, {
        service: 'staff',
        method: 'POST',
        body,
      });
    },
    // The order everywhere it is shown, and the stock a cancel or a release gives back.
    onSuccess: () => invalidate(client, queryKeys.orders.all, queryKeys.products.all),
  });
}

/** A slip's file, behind the staff token. */
export function useSlipFile(number: string, slipId: number | null) {
  return useQuery({
    queryKey: queryKeys.orders.slip(number, slipId ?? 0),
    queryFn: ({ signal }) =>
      apiBlob(`/v1/orders/${encodeURIComponent(number)}/slips/${slipId}/file`, { service: 'staff', signal }),
    enabled: slipId !== null,
    staleTime: Infinity,
  });
}
