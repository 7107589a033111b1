import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './http/errors';

/**
 * Puts the server's 422 field messages on the matching form fields (they are translated when
 * shown). Returns true when at least one field got a message, so the caller can skip a
 * form-level alert that would only repeat it.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const field of fields) {
    const message = error.field(field);
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
