import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoolingOffState } from '@portal/contracts/sale-document';
import type { OrderTaxDocuments } from '@portal/contracts/tax';
import { apiBlob, apiRequest } from '../../../lib/http/client';
import { invalidate, queryKeys } from '../../../lib/query-keys';
import { saveBlob } from '../../../lib/use-object-url';

/** The desk's view of an order's tax documents; the key starts with the orders' resource, as the desk's orders do. */
export function useStaffTaxDocuments(number: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'staff-tax', number] as const,
    queryFn: ({ signal }) =>
      apiRequest<OrderTaxDocuments>(`/v1/orders/${encodeURIComponent(number)}/tax-invoice`, {
        service: 'staff',
        signal,
      }),
    enabled,
  });
}

export async function downloadStaffTaxPdf(
  number: string,
  which: 'tax-invoice' | 'credit-note',
  lang: 'th' | 'en',
  fileName: string,
): Promise<void> {
  const blob = await apiBlob(`/v1/orders/${encodeURIComponent(number)}/${which}.pdf`, {
    service: 'staff',
    query: { lang },
  });
  saveBlob(blob, fileName);
}

/** The month's sales tax report (ภาษีขาย) as CSV or XLSX, saved as a file. */
export async function downloadSalesTaxReport(month: string, format: 'csv' | 'xlsx'): Promise<void> {
  const blob = await apiBlob(`/v1/reports/sales-tax.${format}`, { service: 'staff', query: { month } });
  saveBlob(blob, `sales-tax-${month}.${format}`);
}

/** A community-shop sale's sale document (Direct Sales Act section 30), to print for the parcel. */
export async function downloadStaffSaleDocument(number: string, lang: 'th' | 'en'): Promise<void> {
  const blob = await apiBlob(`/v1/orders/${encodeURIComponent(number)}/sale-document.pdf`, {
    service: 'staff',
    query: { lang },
  });
  saveBlob(blob, `sale-document-${number}${lang === 'en' ? '-en' : ''}.pdf`);
}

/** An order's cancellation within the cooling-off period, as the desk handles it. */
export function useStaffCoolingOff(number: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'staff-cooling-off', number] as const,
    queryFn: ({ signal }) =>
      apiRequest<CoolingOffState>(`/v1/orders/${encodeURIComponent(number)}/cooling-off`, {
        service: 'staff',
        signal,
      }),
    enabled,
  });
}

/** Staff record the goods received back, or refund: every view of the order refreshes. */
export function useCoolingOffAction(number: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: 'goods-received' | 'refund') =>
      apiRequest<CoolingOffState>(`/v1/orders/${encodeURIComponent(number)}/cooling-off/${step}`, {
        service: 'staff',
        method: 'POST',
        body: {},
      }),
    // The order, its documents (a credit note) and the shelf (the goods back) changed.
    onSuccess: () => invalidate(client, queryKeys.orders.all, queryKeys.products.all),
  });
}
