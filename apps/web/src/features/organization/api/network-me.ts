import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NetworkMember } from '@portal/contracts/network';
import { apiRequest } from '../../../lib/http/client';
import { NETWORK_KEY } from './keys';

/**
 * My network member: its id is the default top and `is_placed` says whether there is a tree at
 * all. (The member API's embedded `is_placed` only looks for an upline, so the top of the whole
 * tree reads as unplaced there.)
 */
export const networkMeQuery = () =>
  queryOptions({
    queryKey: [...NETWORK_KEY, 'me'],
    queryFn: ({ signal }) => apiRequest<NetworkMember>('/api/v1/me', { service: 'network', signal }),
    staleTime: 5 * 60_000,
  });

export function useNetworkMe() {
  return useQuery(networkMeQuery());
}
