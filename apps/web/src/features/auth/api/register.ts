import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ReferrerInfo, RegisterBody, User } from '@portal/contracts/identity';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

export function getReferrer(code: string, signal?: AbortSignal): Promise<ReferrerInfo> {
  return apiRequest<ReferrerInfo>(`/v1/user-by-ref/${encodeURIComponent(code)}`, { auth: 'app', signal });
}

export const referrerQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.auth.referrer(code),
    queryFn: ({ signal }) => getReferrer(code, signal),
    staleTime: 5 * 60_000,
  });

export function useReferrer(code: string) {
  return useQuery(referrerQuery(code));
}

export function createUser(body: RegisterBody): Promise<User> {
  return apiRequest<User>('/v1/users', { method: 'POST', auth: 'app', body });
}

export function useCreateUser() {
  return useMutation({ mutationFn: createUser });
}
