import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo, SignedOutOthers } from '@portal/contracts/identity';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/** The devices signed in to this account (one per refresh-token family), newest activity first. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.sessions.all,
    queryFn: ({ signal }) => apiRequest<SessionInfo[]>('/v1/me/sessions', { signal }),
  });

export function useSessions() {
  return useQuery(sessionsQuery());
}

/** Signs one device out: its refresh token stops working. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/v1/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all }),
  });
}

/** DELETE /v1/me/sessions: every device but this one is signed out at once. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<SignedOutOthers>('/v1/me/sessions', { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all }),
  });
}
