import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@portal/contracts/paging';
import type {
  ClosureRequest,
  ClosureRequestBody,
  ConsentBody,
  ConsentState,
  DocumentView,
} from '@portal/contracts/privacy';
import { apiBlob, apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';
import { saveBlob } from '../../../lib/use-object-url';

/** The terms and the privacy notice: which version the member accepted, which is due (decision 045). */
export const consentsQuery = () =>
  queryOptions({
    queryKey: queryKeys.privacy.consents(),
    queryFn: ({ signal }) => apiRequest<ConsentState[]>('/v1/me/consents', { signal }),
    staleTime: Infinity,
  });

export function useConsents(enabled = true) {
  return useQuery({ ...consentsQuery(), enabled });
}

export function useAcceptConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentBody) =>
      apiRequest<ConsentState[]>('/v1/me/consents', { method: 'POST', body }),
    onSuccess: (states) => queryClient.setQueryData(queryKeys.privacy.consents(), states),
  });
}

export const DOCUMENT_VIEWS_PER_PAGE = 10;

/** Who of the staff saw the member's documents, newest first. */
export function useDocumentViews(page: number) {
  return useQuery({
    queryKey: queryKeys.privacy.documentViews(page),
    queryFn: ({ signal }) =>
      apiRequest<Page<DocumentView>>('/v1/me/document-views', {
        signal,
        query: { page: String(page), per_page: String(DOCUMENT_VIEWS_PER_PAGE) },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The member's copy of their data, saved as the zip the portal names. */
export async function downloadMyData(fileName: string): Promise<void> {
  saveBlob(await apiBlob('/v1/me/export'), fileName);
}

export function useClosureRequest() {
  return useQuery({
    queryKey: queryKeys.privacy.closure(),
    queryFn: ({ signal }) => apiRequest<ClosureRequest | null>('/v1/me/closure-request', { signal }),
  });
}

export function useRequestClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClosureRequestBody) =>
      apiRequest<ClosureRequest>('/v1/me/closure-request', { method: 'POST', body }),
    onSuccess: (created) => queryClient.setQueryData(queryKeys.privacy.closure(), created),
  });
}
