import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoolingOffState, SaleDocument } from '@portal/contracts/sale-document';
import type { OrderTaxDocuments, TaxInvoiceRequest } from '@portal/contracts/tax';
import { apiBlob, apiRequest } from '../../../lib/http/client';
import { saveBlob } from '../../../lib/use-object-url';

/**
 * An order's tax documents (issue 22): the member with their token, a guest with the order key.
 * The key starts with the orders' resource ('orders'), so whatever refreshes the orders refreshes it.
 */
const taxKey = (number: string, guestKey: string | null) => ['orders', 'tax', number, guestKey] as const;

const guestOptions = (guestKey: string | null) =>
  guestKey ? { auth: 'app' as const, headers: { 'X-Order-Key': guestKey } } : { auth: 'user' as const };

const path = (number: string, end: string) => `/v1/orders/${encodeURIComponent(number)}/${end}`;

export function useTaxDocuments(number: string, guestKey: string | null, enabled: boolean) {
  return useQuery({
    queryKey: taxKey(number, guestKey),
    queryFn: ({ signal }) =>
      apiRequest<OrderTaxDocuments>(path(number, 'tax-invoice'), {
        service: 'shop',
        signal,
        ...guestOptions(guestKey),
      }),
    enabled,
  });
}

export function useRequestFullInvoice(number: string, guestKey: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxInvoiceRequest) =>
      apiRequest<OrderTaxDocuments>(path(number, 'tax-invoice'), {
        service: 'shop',
        method: 'POST',
        body,
        ...guestOptions(guestKey),
      }),
    onSuccess: (docs) => client.setQueryData(taxKey(number, guestKey), docs),
  });
}

/** The tax invoice in force or the credit note as a PDF in Thai or English, saved as a file. */
export async function downloadTaxPdf(
  number: string,
  which: 'tax-invoice' | 'credit-note',
  lang: 'th' | 'en',
  fileName: string,
  guestKey: string | null,
): Promise<void> {
  const blob = await apiBlob(path(number, `${which}.pdf`), {
    service: 'shop',
    query: { lang },
    ...guestOptions(guestKey),
  });
  saveBlob(blob, fileName);
}

/** A community-shop sale's sale document (Direct Sales Act section 30), for its guest. */
export function useSaleDocument(number: string, guestKey: string | null, lang: string) {
  return useQuery({
    queryKey: ['orders', 'sale-document', number, guestKey, lang] as const,
    queryFn: ({ signal }) =>
      apiRequest<SaleDocument>(path(number, 'sale-document'), {
        service: 'shop',
        signal,
        ...guestOptions(guestKey),
      }),
    enabled: guestKey !== null,
  });
}

export async function downloadSaleDocument(
  number: string,
  lang: 'th' | 'en',
  guestKey: string | null,
): Promise<void> {
  const blob = await apiBlob(path(number, 'sale-document.pdf'), {
    service: 'shop',
    query: { lang },
    ...guestOptions(guestKey),
  });
  saveBlob(blob, `sale-document-${number}${lang === 'en' ? '-en' : ''}.pdf`);
}

/** Whether the buyer may cancel the delivered order within the cooling-off period, and their request. */
export function useCoolingOff(number: string, guestKey: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'cooling-off', number, guestKey] as const,
    queryFn: ({ signal }) =>
      apiRequest<CoolingOffState>(path(number, 'cooling-off'), {
        service: 'shop',
        signal,
        ...guestOptions(guestKey),
      }),
    enabled,
  });
}

export function useRequestCoolingOff(number: string, guestKey: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest<CoolingOffState>(path(number, 'cooling-off'), {
        service: 'shop',
        method: 'POST',
        body: reason.trim() ? { reason: reason.trim() } : {},
        ...guestOptions(guestKey),
      }),
    onSuccess: (state) => client.setQueryData(['orders', 'cooling-off', number, guestKey], state),
  });
}
