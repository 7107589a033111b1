import type { LoginBody, LoginResult } from '@portal/contracts/identity';
import { apiRequest } from '../../../lib/http/client';
import { startSession } from '../../../lib/auth/session';

export function login(body: LoginBody): Promise<LoginResult> {
  // refreshOn401: a 401 here means wrong credentials, not an expired session.
  return apiRequest<LoginResult>('/v1/login', { method: 'POST', body, refreshOn401: false });
}

/** Signs in and starts the session; the route guard then moves the member on. */
export async function signIn(body: LoginBody): Promise<void> {
  startSession(await login(body));
}
