import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycOverview } from '@portal/contracts/kyc';
import { apiRequest } from '../../../lib/http/client';
import { PROFILE_KEY } from './keys';

export const kycQuery = () =>
  queryOptions({
    queryKey: [...PROFILE_KEY, 'kyc'],
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
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      // The network's copy of the KYC status (profile facts, organization) follows.
      void queryClient.invalidateQueries({ queryKey: ['network', 'me'] });
    },
  });
}
