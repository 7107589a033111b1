import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PER_PAGE, type Page } from '@portal/contracts/paging';
import type { Wallet, WalletLine, WalletPayout } from '@portal/contracts/wallet';
import { apiRequest } from '../../lib/http/client';
import { queryKeys } from '../../lib/query-keys';

/** The member's wallet: GET /network/api/v1/wallet and its two lists, read with react-query. */

export function useWallet() {
  return useQuery({
    queryKey: queryKeys.wallet.figures(),
    queryFn: ({ signal }) => apiRequest<Wallet>('/api/v1/wallet', { service: 'network', signal }),
  });
}

function useWalletPage<T>(list: 'payouts' | 'income_lines', page: number) {
  return useQuery({
    queryKey: queryKeys.wallet.list(list, page),
    queryFn: ({ signal }) =>
      apiRequest<Page<T>>(`/api/v1/wallet/${list}`, {
        service: 'network',
        query: { page, per_page: DEFAULT_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const useWalletPayouts = (page: number) => useWalletPage<WalletPayout>('payouts', page);
export const useWalletLines = (page: number) => useWalletPage<WalletLine>('income_lines', page);
