import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycRejectReason, KycTarget } from '@portal/contracts/kyc';
import type { KycCase } from '@portal/contracts/staff';
import type { MemberDocument } from '@portal/contracts/profile';
import { apiBlob, apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

export const kycCaseQuery = (memberId: number) =>
  queryOptions({
    queryKey: queryKeys.kycCases.one(memberId),
    queryFn: ({ signal }) => apiRequest<KycCase>(`/v1/kyc/${memberId}`, { service: 'staff', signal }),
    staleTime: 0,
  });

export function useKycCase(memberId: number) {
  return useQuery({ ...kycCaseQuery(memberId), enabled: Number.isInteger(memberId) && memberId > 0 });
}

export type Decision =
  | { action: 'start' }
  | { action: 'approve'; target: KycTarget }
  | { action: 'reject'; target: KycTarget; reasonKey: KycRejectReason | null; reason: string };

/** Start, approve or reject: each answers the case as it now stands. */
export function decideKyc(memberId: number, d: Decision): Promise<KycCase> {
  const path = `/v1/kyc/${memberId}/${d.action}`;
  const body =
    d.action === 'start'
      ? {}
      : d.action === 'approve'
        ? { target: d.target }
        : {
            target: d.target,
            ...(d.reasonKey ? { reason_key: d.reasonKey } : {}),
            ...(d.reason ? { reason: d.reason } : {}),
          };
  return apiRequest<KycCase>(path, { service: 'staff', method: 'POST', body });
}

export function useDecideKyc(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) => decideKyc(memberId, d),
    onSuccess: (answer) => {
      queryClient.setQueryData(kycCaseQuery(memberId).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.kycCases.queueAll() });
    },
  });
}

/** A member's document through the staff route (bearer token required). */
export const staffDocumentFileQuery = (doc: Pick<MemberDocument, 'id' | 'updated_at'>) =>
  queryOptions({
    queryKey: queryKeys.documentFile('staff', doc.id, doc.updated_at),
    queryFn: ({ signal }) => apiBlob(`/v1/documents/${doc.id}/file`, { service: 'staff', signal }),
    staleTime: Infinity,
    gcTime: 60_000,
  });

export const fetchStaffDocument = (id: number) => apiBlob(`/v1/documents/${id}/file`, { service: 'staff' });
