import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@portal/contracts/envelope';
import type { Address, AddressBody } from '@portal/contracts/profile';
import { MAX_ADDRESSES } from '@portal/contracts/profile';
import { apiRequest } from '../../../lib/http/client';
import { PROFILE_KEY } from './keys';

const KEY = [...PROFILE_KEY, 'addresses'] as const;

/** Home and shipping addresses in one list (a member keeps at most 20). */
export const addressesQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      apiRequest<Page<Address>>('/v1/me/addresses', { query: { per_page: MAX_ADDRESSES }, signal }),
  });

export function useAddresses(enabled = true) {
  return useQuery({ ...addressesQuery(), enabled });
}

function useInvalidateProfile() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
}

export function useSaveAddress() {
  const invalidate = useInvalidateProfile();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AddressBody | Partial<AddressBody> }) =>
      id === null
        ? apiRequest<Address>('/v1/me/addresses', { method: 'POST', body })
        : apiRequest<Address>(`/v1/me/addresses/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteAddress() {
  const invalidate = useInvalidateProfile();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/v1/me/addresses/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
