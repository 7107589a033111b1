import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressBody } from '@portal/contracts/profile';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/** The address list (read in lib/addresses.ts, the checkout's too) and the KYC checklist it may complete. */
function useInvalidateProfile() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.profile.all });
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
