/** `%text%` for LIKE, with the pattern characters in the text matched literally. */
export const containsPattern = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

export const UNIQUE_VIOLATION = '23505';

/**
 * The PostgreSQL error behind a failed query: node-postgres puts `code` and `constraint` on the
 * error, drizzle wraps it and keeps the original as `cause`.
 */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return { code: e.code ?? e.cause?.code, constraint: e.constraint ?? e.cause?.constraint };
}
