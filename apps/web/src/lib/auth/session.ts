import type { LoginResult, User } from '@portal/contracts/identity';
import { apiRequest, refreshSession } from '../http/client';
import { clearBrowserStorage } from '../preferences';
import { adoptUserLanguage } from '../i18n/language';
import { mayHaveSession } from './session-hint';
import { sessionStore } from './session-store';

export function fetchMe(options: { signal?: AbortSignal; refreshOn401?: boolean } = {}): Promise<User> {
  return apiRequest<User>('/v1/me', options);
}

export function startSession(result: LoginResult): void {
  sessionStore.start(result.access_token, result.expires_in, result.user);
  adoptUserLanguage(result.user.language);
}

/** Re-reads the member after something changed their state (verification, profile). */
export async function reloadUser(): Promise<User> {
  const user = await fetchMe();
  sessionStore.setUser(user);
  return user;
}

/**
 * On page load: trade the refresh cookie for a session. Any failure simply leaves the visitor
 * signed out; there is nothing useful to tell them. A visitor without the session hint has no
 * refresh cookie either, so nothing is asked (a signed-out page load sends no failing request).
 */
export async function restoreSession(): Promise<void> {
  if (!mayHaveSession()) return;
  try {
    if (!(await refreshSession())) return;
    // No refresh-and-logout dance here: a 401 right after a fresh token just means signed out.
    const user = await fetchMe({ refreshOn401: false });
    sessionStore.setUser(user);
    adoptUserLanguage(user.language);
  } catch {
    sessionStore.clear();
  }
}

export function endSession(): void {
  sessionStore.clear();
  clearBrowserStorage();
}
