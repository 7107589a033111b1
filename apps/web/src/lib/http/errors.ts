import type { ErrorCode } from '@portal/contracts/error-codes';

/** The server answered with a non-2xx status; fields come from the envelope when there is one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    readonly errorCode: ErrorCode | undefined,
    readonly fieldErrors: Record<string, string[]>,
  ) {
    super(message);
  }

  /** The first message for a field, if the server sent one. */
  field(name: string): string | undefined {
    return this.fieldErrors[name]?.[0];
  }
}

export type NetworkFailure = 'timeout' | 'unreachable';

/**
 * The request got no answer at all. Shown as "unable to connect service"; it never signs the
 * member out, because the session may be perfectly valid behind a flaky connection.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    readonly reason: NetworkFailure,
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? 'Request timed out' : 'Unable to connect service', options);
  }
}

export function isApiError(error: unknown, errorCode?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (errorCode === undefined || error.errorCode === errorCode);
}
