import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bank } from '@portal/contracts/banks';
import { BANKS } from '@portal/contracts/banks';
import type { Page } from '@portal/contracts/paging';
import type { BankAccount, BankAccountBody } from '@portal/contracts/profile';
import { MAX_BANK_ACCOUNTS } from '@portal/contracts/profile';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/** The 21 banks; the contracts' copy shows at once while the server's list loads. */
export const banksQuery = () =>
  queryOptions({
    queryKey: queryKeys.reference.banks(),
    queryFn: ({ signal }) => apiRequest<Bank[]>('/v1/banks', { signal }),
    placeholderData: [...BANKS],
    staleTime: 60 * 60_000,
  });

export function useBanks() {
  return useQuery(banksQuery());
}

export const bankAccountsQuery = () =>
  queryOptions({
    queryKey: queryKeys.profile.banks(),
    queryFn: ({ signal }) =>
      apiRequest<Page<BankAccount>>('/v1/me/banks', { query: { per_page: MAX_BANK_ACCOUNTS }, signal }),
  });

export function useBankAccounts(enabled = true) {
  return useQuery({ ...bankAccountsQuery(), enabled });
}

function useInvalidateProfile() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.profile.all });
}

export function useSaveBankAccount() {
  const invalidate = useInvalidateProfile();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BankAccountBody }) =>
      id === null
        ? apiRequest<BankAccount>('/v1/me/banks', { method: 'POST', body })
        : apiRequest<BankAccount>(`/v1/me/banks/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteBankAccount() {
  const invalidate = useInvalidateProfile();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/v1/me/banks/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
