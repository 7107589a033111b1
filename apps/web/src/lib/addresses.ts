import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@portal/contracts/paging';
import { MAX_ADDRESSES, type Address } from '@portal/contracts/profile';
import { apiRequest } from './http/client';
import { queryKeys } from './query-keys';

/**
 * GET /member/v1/me/addresses: the member's home and shipping addresses in one list (at most 20),
 * fetched here only. The profile's sections and the checkout's delivery choice read this one
 * query, so an address saved in the profile is offered at checkout at once.
 */
export const addressesQuery = () =>
  queryOptions({
    queryKey: queryKeys.profile.addresses(),
    queryFn: ({ signal }) =>
      apiRequest<Page<Address>>('/v1/me/addresses', { query: { per_page: MAX_ADDRESSES }, signal }),
  });

export function useAddresses(enabled = true) {
  return useQuery({ ...addressesQuery(), enabled });
}
