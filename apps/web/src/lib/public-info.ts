import { useQuery } from '@tanstack/react-query';
import type { PublicCompany, PublicPlan } from '@portal/contracts/public-info';
import { apiRequest } from './http/client';
import { queryKeys } from './query-keys';

/**
 * The public pages' two calls (decision 019), with an application token: a visitor needs no sign-in
 * and a member's own token is not needed for them either.
 */
export function usePublicPlan() {
  return useQuery({
    queryKey: queryKeys.public.plan(),
    queryFn: ({ signal }) =>
      apiRequest<PublicPlan>('/api/v1/public/plan', { service: 'network', auth: 'app', signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCompanyInfo() {
  return useQuery({
    queryKey: queryKeys.public.company(),
    queryFn: ({ signal }) =>
      apiRequest<PublicCompany>('/api/v1/public/company', { service: 'network', auth: 'app', signal }),
    staleTime: 30 * 60_000,
  });
}
