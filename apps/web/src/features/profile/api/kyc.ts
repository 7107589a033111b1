import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycOverview } from '@portal/contracts/kyc';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

export const kycQuery = () =>
  queryOptions({
    queryKey: queryKeys.profile.kyc(),
    queryFn: ({ signal }) => apiRequest<KycOverview>('/v1/me/kyc', { signal }),
  });

export function useKyc(enabled = true) {
  return useQuery({ ...kycQuery(), enabled });
}

export function submitKyc(): Promise<KycOverview> {
  return apiRequest<KycOverview>('/v1/me/kyc/submit', { method: 'POST', body: {} });
}

/** Sends the KYC for review; documents and banks change status with it, so the whole profile reloads. */
export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitKyc,
    onSuccess: (overview) => {
      queryClient.setQueryData(kycQuery().queryKey, overview);
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile.all });
      // The network's copy of the KYC status (profile facts, organization) follows.
      void queryClient.invalidateQueries({ queryKey: queryKeys.network.me() });
    },
  });
}
