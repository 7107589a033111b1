import { ApiError } from '../../lib/http/errors';

/**
 * Whether a complete code should go to the server. The code sent last is not sent again while it is
 * on its way or after the server refused it: the answer would be the same, and every check counts
 * one of the code's few tries (a code typed in full sends itself, then a person presses Enter or the
 * button). A changed code, or the same one after no answer at all, goes.
 */
export function shouldSendCode({
  value,
  length,
  lastSent,
  pending,
  refused,
}: {
  value: string;
  length: number;
  lastSent: string | null;
  pending: boolean;
  refused: boolean;
}): boolean {
  if (value.length !== length || pending) return false;
  return !(refused && value === lastSent);
}

/** The server's verdict on the code (4xx), as opposed to no answer, a server fault or a rate limit. */
export function isRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500 && error.httpStatus !== 429
  );
}
