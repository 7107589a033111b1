import { startAuthentication } from '@simplewebauthn/browser';
import type { LoginResult } from '@portal/contracts/identity';
import type { PasskeyOptions } from '@portal/contracts/passkeys';
import { startSession } from '../../../lib/auth/session';
import { apiRequest } from '../../../lib/http/client';

/**
 * Sign-in by passkey (issue 23, item 10): the authentication options, the browser's ceremony (the
 * device asks for the fingerprint, face or screen lock and picks the portal's passkey), the signed
 * answer to verify; the session starts as after a password sign-in. Loaded by the sign-in page only
 * when the member chooses it, so the page's first script stays within its budget.
 */
export async function signInWithPasskey(): Promise<void> {
  const opts = await apiRequest<PasskeyOptions>('/v1/passkeys/authentication-options', {
    method: 'POST',
    refreshOn401: false,
  });
  const response = await startAuthentication({ optionsJSON: opts.options as never });
  const result = await apiRequest<LoginResult>('/v1/passkeys/authentication', {
    method: 'POST',
    body: { challenge_id: opts.challenge_id, response },
    refreshOn401: false,
  });
  startSession(result);
}
