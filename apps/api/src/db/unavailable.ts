import { AppError } from '../lib/errors';

/** Seconds a client is asked to wait (`Retry-After`) while the database does not answer. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket failures on the way to PostgreSQL. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);

/**
 * SQLSTATEs of a server that is going away or not there yet: admin_shutdown, crash_shutdown,
 * cannot_connect_now (starting up, in recovery), and the connection_exception class.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

/** What node-postgres and its pool say when a connection is lost or cannot be had in time. */
const MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout", plain
  /^timeout exceeded when trying to connect/, // waiting for a pooled connection
  /^Client has encountered a connection error and is not queryable/,
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * Whether a failure means "the database does not answer right now" (so: 503 and try again), as
 * opposed to a bug or a refused query. Looks through drizzle's wrapper (`cause`) and Node's
 * AggregateError (`errors`, one per address tried).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as ErrorLike;
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || SQLSTATES.has(e.code))) return true;
  if (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** The error clients see while the database does not answer: 503 with `Retry-After`. */
export const databaseUnavailable = () =>
  new AppError(
    503,
    'SERVICE_UNAVAILABLE',
    'The service is briefly unavailable, please try again shortly',
    undefined,
    DATABASE_RETRY_AFTER_SECONDS,
  );
