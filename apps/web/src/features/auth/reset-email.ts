/**
 * The address typed on "forgot password", kept in memory (not in history state, which the
 * browser persists) so the code page can offer "send again" without asking for it twice.
 */
let remembered: { token: string; email: string } | null = null;

export function rememberResetEmail(token: string, email: string): void {
  remembered = { token, email };
}

export function resetEmailFor(token: string): string | null {
  return remembered?.token === token ? remembered.email : null;
}
