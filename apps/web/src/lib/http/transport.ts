import { ERROR_CODES, type ErrorCode } from '@portal/contracts/error-codes';
import { ApiError, NetworkError } from './errors';

/** Spec section 9: 15 s by default, the shop 10 s, the member (user) API 60 s. */
export const TIMEOUT_MS = { default: 15_000, member: 60_000, network: 15_000, shop: 10_000 } as const;

export interface RawResponse {
  status: number;
  body: unknown;
}

export interface SendInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * One fetch with a time-out that also covers reading the body (`read`). Failures without an answer
 * become NetworkError; an abort asked for by the caller (React Query cancelling) is re-thrown untouched.
 */
export async function fetchWithDeadline<T>(
  url: string,
  init: Omit<SendInit, 'method' | 'body'> & { method?: string; body?: BodyInit },
  read: (res: Response) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, init.timeoutMs);
  const onOuterAbort = () => controller.abort(init.signal?.reason);
  if (init.signal?.aborted) onOuterAbort();
  else init.signal?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    const res = await fetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    return await read(res);
  } catch (error) {
    if (init.signal?.aborted) throw init.signal.reason ?? error;
    throw new NetworkError(timedOut ? 'timeout' : 'unreachable', { cause: error });
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', onOuterAbort);
  }
}

export function send(url: string, init: SendInit): Promise<RawResponse> {
  return fetchWithDeadline(url, init, async (res) => ({
    status: res.status,
    body: parseJson(await res.text()),
  }));
}

export function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page: keep the status, drop the body.
    return null;
  }
}

export function isOk(status: number): boolean {
  return status >= 200 && status < 300;
}

function asErrorCode(value: unknown): ErrorCode | undefined {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value)
    ? (value as ErrorCode)
    : undefined;
}

const OAUTH_ERRORS: Record<string, ErrorCode> = {
  invalid_client: 'INVALID_APP_KEY',
  invalid_grant: 'UNAUTHENTICATED',
  invalid_request: 'BAD_REQUEST',
};

/** Builds the typed error from an envelope, an RFC 6749 error body, or nothing at all. */
export function toApiError(res: RawResponse): ApiError {
  const body = (res.body && typeof res.body === 'object' ? res.body : {}) as Record<string, unknown>;
  const status =
    body.status && typeof body.status === 'object' ? (body.status as Record<string, unknown>) : null;
  if (status) {
    const errors =
      status.errors && typeof status.errors === 'object' ? (status.errors as Record<string, unknown>) : {};
    const fieldErrors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(errors)) {
      const list = Array.isArray(messages) ? messages : [messages];
      fieldErrors[field] = list.filter((m): m is string => typeof m === 'string');
    }
    return new ApiError(
      res.status,
      typeof status.code === 'number' ? status.code : res.status,
      typeof status.message === 'string' ? status.message : `HTTP ${res.status}`,
      asErrorCode(status.error_code),
      fieldErrors,
    );
  }
  if (typeof body.error === 'string') {
    const message = typeof body.error_description === 'string' ? body.error_description : body.error;
    return new ApiError(res.status, res.status, message, OAUTH_ERRORS[body.error], {});
  }
  return new ApiError(res.status, res.status, `HTTP ${res.status}`, undefined, {});
}

/** The `data` of a 2xx envelope (null for an empty answer). */
export function envelopeData<T>(res: RawResponse): T {
  const body = res.body as { data?: T } | null;
  return (body && typeof body === 'object' && 'data' in body ? body.data : null) as T;
}
