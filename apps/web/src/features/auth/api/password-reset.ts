import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PasswordResetCheck, PasswordResetTicket } from '@portal/contracts/identity';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

export function requestPasswordReset(email: string): Promise<PasswordResetTicket> {
  return apiRequest<PasswordResetTicket>('/v1/password-reset/request', {
    method: 'POST',
    auth: 'app',
    body: { email },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export type ResetTicketState = PasswordResetCheck;

export function checkResetTicket(
  token: string,
  code?: string,
  signal?: AbortSignal,
): Promise<ResetTicketState> {
  return apiRequest<ResetTicketState>(`/v1/password-reset/${encodeURIComponent(token)}`, {
    auth: 'app',
    query: code ? { appends: 'code', code } : undefined,
    signal,
  });
}

export const resetTicketQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.auth.passwordReset(token),
    queryFn: ({ signal }) => checkResetTicket(token, undefined, signal),
    retry: false,
    staleTime: Infinity,
  });

export function useResetTicket(token: string) {
  return useQuery(resetTicketQuery(token));
}

export function useCheckResetCode() {
  return useMutation({
    mutationFn: ({ token, code }: { token: string; code: string }) => checkResetTicket(token, code),
  });
}

export interface ResetPasswordBody {
  token: string;
  code: string;
  password: string;
  password_confirmation: string;
}

export function resetPassword(body: ResetPasswordBody): Promise<null> {
  return apiRequest<null>('/v1/password-reset', { method: 'POST', auth: 'app', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
