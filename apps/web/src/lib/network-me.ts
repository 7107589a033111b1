import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NetworkMember } from '@portal/contracts/network';
import { apiRequest } from './http/client';
import { queryKeys } from './query-keys';

/**
 * GET /network/api/v1/me, the network's view of the signed-in member (franchise code, package,
 * title, referrer, dates, KYC status; its id is the tree's default top and `is_placed` says
 * whether there is a tree at all), fetched here only: the profile, the organization page and the
 * dashboard share this query. (The member API's embedded `is_placed` only looks for an upline, so
 * the top of the whole tree reads as unplaced there.) Its key starts with 'network', so a
 * placement, which invalidates that prefix, refreshes it too.
 */
export const networkMeQuery = () =>
  queryOptions({
    queryKey: queryKeys.network.me(),
    queryFn: ({ signal }) => apiRequest<NetworkMember>('/api/v1/me', { service: 'network', signal }),
    staleTime: 5 * 60_000,
  });

export function useNetworkMe(enabled = true) {
  return useQuery({ ...networkMeQuery(), enabled });
}
