import type { User } from '@portal/contracts/identity';

/**
 * The signed-in session, held in memory only: the access token never touches storage and the
 * refresh token stays in its HttpOnly cookie, so a reload restores the session by a silent refresh.
 */
export interface SessionState {
  accessToken: string | null;
  /** epoch ms */
  expiresAt: number | null;
  user: User | null;
}

type Listener = () => void;

const EMPTY: SessionState = { accessToken: null, expiresAt: null, user: null };
let state: SessionState = EMPTY;
const listeners = new Set<Listener>();

function emit(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get(): SessionState {
    return state;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setToken(accessToken: string, expiresInSeconds: number): void {
    emit({ ...state, accessToken, expiresAt: Date.now() + expiresInSeconds * 1000 });
  },
  setUser(user: User): void {
    emit({ ...state, user });
  },
  start(accessToken: string, expiresInSeconds: number, user: User): void {
    emit({ accessToken, expiresAt: Date.now() + expiresInSeconds * 1000, user });
  },
  clear(): void {
    emit(EMPTY);
  },
};

export function isSignedIn(s: SessionState): s is SessionState & { user: User } {
  return s.user !== null && s.accessToken !== null;
}
