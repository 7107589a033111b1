import { apiRequest } from '../../../lib/http/client';

/** Revokes the session and clears the refresh cookie. Never refreshes: it must not loop into /auth/logout. */
export function logout(): Promise<null> {
  return apiRequest<null>('/v1/logout', { method: 'POST', refreshOn401: false });
}
