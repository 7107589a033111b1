import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResult } from '@portal/contracts/identity';
import { apiRequest } from '../../../lib/http/client';
import { startSession } from '../../../lib/auth/session';

export function login(body: LoginBody): Promise<LoginResult> {
  // refreshOn401: a 401 here means wrong credentials, not an expired session.
  return apiRequest<LoginResult>('/v1/login', { method: 'POST', body, refreshOn401: false });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => startSession(result),
  });
}
