import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ActivationInfo } from '@portal/contracts/identity';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

export function requestActivation(email: string): Promise<null> {
  return apiRequest<null>('/v1/activate/request', { method: 'POST', auth: 'app', body: { email } });
}

export function useRequestActivation() {
  return useMutation({ mutationFn: requestActivation });
}

export const activationQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.auth.activation(token),
    queryFn: ({ signal }) =>
      apiRequest<ActivationInfo>('/v1/activate', { auth: 'app', query: { token }, signal }),
    retry: false,
    staleTime: Infinity,
  });

export function useActivation(token: string) {
  return useQuery({ ...activationQuery(token), enabled: token.length > 0 });
}

export function activate(token: string): Promise<{ activated: true }> {
  return apiRequest('/v1/activate', { method: 'POST', auth: 'app', body: { token } });
}

export function useActivate() {
  return useMutation({ mutationFn: activate });
}

/** Sends the activation link again to the signed-in member's e-mail. */
export function sendActivationEmail(): Promise<null> {
  return apiRequest<null>('/v1/emails', { method: 'POST', body: { type: 'activation' } });
}

export function useSendActivationEmail() {
  return useMutation({ mutationFn: sendActivationEmail });
}
