import { SESSION_HINT_COOKIE } from '@portal/contracts/session-hint';

/** Whether a `document.cookie` string holds the named cookie with a value. */
export function hasCookie(cookies: string, name: string): boolean {
  return cookies.split(';').some((pair) => {
    const [key, ...value] = pair.trim().split('=');
    return key === name && value.join('=') !== '';
  });
}

/**
 * The API sets a readable hint beside the HttpOnly refresh cookie and clears them together: without
 * it there is no session to restore, so a signed-out page load asks for no refresh (no 400).
 */
export function mayHaveSession(): boolean {
  return typeof document !== 'undefined' && hasCookie(document.cookie, SESSION_HINT_COOKIE);
}
