import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NetworkMember } from '@portal/contracts/network';
import { apiRequest } from '../../../lib/http/client';

/** The network's view of me (franchise code, package, title, referrer, dates, KYC status). */
export const networkFactsQuery = () =>
  queryOptions({
    queryKey: ['network', 'me'],
    queryFn: ({ signal }) => apiRequest<NetworkMember>('/api/v1/me', { service: 'network', signal }),
    staleTime: 5 * 60_000,
  });

export function useNetworkFacts(enabled = true) {
  return useQuery({ ...networkFactsQuery(), enabled });
}
