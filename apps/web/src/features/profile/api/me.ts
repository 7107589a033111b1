import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@portal/contracts/identity';
import type { UpdateProfileBody } from '@portal/contracts/profile';
import { fetchMe } from '../../../lib/auth/session';
import { sessionStore } from '../../../lib/auth/session-store';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The signed-in user, read again when the profile opens: staff may have verified identity or bank
 * since sign-in, and the shell (KYC reminder, avatar) follows the session store.
 */
export const profileMeQuery = () =>
  queryOptions({
    queryKey: queryKeys.profile.me(),
    queryFn: async ({ signal }) => {
      const user = await fetchMe({ signal });
      sessionStore.setUser(user);
      return user;
    },
    staleTime: 0,
  });

export function useProfileMe() {
  return useQuery(profileMeQuery());
}

export function updateProfile(body: UpdateProfileBody): Promise<User> {
  return apiRequest<User>('/v1/me', { method: 'PUT', body });
}

/** PUT /v1/me; the answer is the whole user, which becomes the session's user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      sessionStore.setUser(user);
      queryClient.setQueryData(profileMeQuery().queryKey, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile.kyc() });
    },
  });
}
