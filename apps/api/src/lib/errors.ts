import type { ErrorCode } from '@portal/contracts/error-codes';

/** An error the client is meant to see: it becomes the envelope's status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Seconds until trying again makes sense: sent as `Retry-After` (429, 503). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const rateLimited = (retryAfterSeconds: number, message: string) =>
  new AppError(429, 'RATE_LIMITED', message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));

export const validation = (field: string, message: string, errorCode: ErrorCode = 'VALIDATION_ERROR') =>
  new AppError(422, errorCode, message, { [field]: [message] });

export const notFound = (message = 'Not found data', errorCode: ErrorCode = 'NOT_FOUND') =>
  new AppError(404, errorCode, message);
