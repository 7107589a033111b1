import type { LoginResult } from '@portal/contracts/identity';
import { apiRequest } from '../../../lib/http/client';

/**
 * The Online Shopping link's one-time code, exchanged once for a session (POST /shop/v1/session).
 * The built-in shop then runs on the portal's own session.
 */
export function exchangeLoginCode(code: string): Promise<LoginResult> {
  return apiRequest<LoginResult>('/v1/session', {
    service: 'shop',
    auth: 'app',
    method: 'POST',
    body: { code },
  });
}
