import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, setConfig } from '../config';
import { setNavigator } from '../navigation';
import { sessionStore } from '../auth/session-store';
import { apiRequest, refreshSession, resetHttpState } from './client';
import { ApiError, NetworkError } from './errors';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  signal?: AbortSignal | null;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const envelope = (data: unknown, code = 200) => json(code, { status: { code, message: 'success' }, data });
const unauthorized = () =>
  json(401, { status: { code: 401, message: 'Unauthenticated', error_code: 'UNAUTHENTICATED' }, data: null });

/** A fake server: each handler answers for a URL; every call is recorded. */
function stubFetch(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init.signal,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const isRefresh = (c: Call) =>
  c.url === '/member/oauth/token' && (c.body as { grant_type?: string }).grant_type === 'refresh_token';

let navigations: string[];

beforeEach(() => {
  setConfig({ ...DEFAULT_CONFIG });
  resetHttpState();
  sessionStore.clear();
  navigations = [];
  setNavigator((to) => navigations.push(to));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('http client', () => {
  it('sends the app key and the user token and returns the envelope data', async () => {
    sessionStore.setToken('user-1', 900);
    const calls = stubFetch(() => envelope({ id: 7 }));
    await expect(apiRequest('/v1/me')).resolves.toEqual({ id: 7 });
    expect(calls[0]?.url).toBe('/member/v1/me');
    expect(calls[0]?.headers['X-App-Key']).toBe('portal-web');
    expect(calls[0]?.headers.Authorization).toBe('Bearer user-1');
  });

  it('gets an application token once for public calls and caches it', async () => {
    const calls = stubFetch((c) =>
      c.url.endsWith('/oauth/token')
        ? json(200, { token_type: 'Bearer', access_token: 'app-1', expires_in: 3600 })
        : envelope([]),
    );
    await Promise.all([
      apiRequest('/v1/countries', { auth: 'app' }),
      apiRequest('/v1/provinces', { auth: 'app' }),
    ]);
    await apiRequest('/v1/districts', { auth: 'app', query: { province_id: 10, page: undefined } });
    const tokenCalls = calls.filter((c) => c.url === '/member/oauth/token');
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]?.body).toEqual({
      grant_type: 'client_credentials',
      client_id: 'portal-web',
      client_secret: 'public',
      scope: 'public',
    });
    const last = calls.at(-1);
    expect(last?.url).toBe('/member/v1/districts?province_id=10');
    expect(last?.headers.Authorization).toBe('Bearer app-1');
  });

  it('asks the network API’s own token endpoint for its application token', async () => {
    const calls = stubFetch((c) =>
      c.url === '/network/api/v1/oauth/token'
        ? json(200, { token_type: 'Bearer', access_token: 'net-1', expires_in: 3600 })
        : c.url.endsWith('/oauth/token')
          ? json(404, { status: { code: 404, message: 'Not found', error_code: 'NOT_FOUND' }, data: null })
          : envelope({ version: 0 }),
    );
    await expect(apiRequest('/api/v1/public/plan', { service: 'network', auth: 'app' })).resolves.toEqual({
      version: 0,
    });
    expect(calls.map((c) => c.url)).toEqual(['/network/api/v1/oauth/token', '/network/api/v1/public/plan']);
    expect(calls[1]?.headers.Authorization).toBe('Bearer net-1');
  });

  it('throws a typed ApiError with the field errors of the envelope', async () => {
    stubFetch((c) =>
      c.url.endsWith('/oauth/token')
        ? json(200, { token_type: 'Bearer', access_token: 'app-1', expires_in: 3600 })
        : json(422, {
            status: {
              code: 422,
              message: 'The email has already been taken',
              error_code: 'VALIDATION_ERROR',
              errors: { email: ['The email has already been taken'] },
            },
            data: null,
          }),
    );
    const error = await apiRequest('/v1/users', { method: 'POST', auth: 'app', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.httpStatus).toBe(422);
    expect(apiError.errorCode).toBe('VALIDATION_ERROR');
    expect(apiError.field('email')).toBe('The email has already been taken');
  });

  it('turns a request without an answer into a NetworkError and does not sign out', async () => {
    sessionStore.setToken('user-1', 900);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiRequest('/v1/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('unreachable');
    expect(navigations).toEqual([]);
    expect(sessionStore.get().accessToken).toBe('user-1');
  });

  it('gives up after the time-out with a NetworkError', async () => {
    // A server that never answers; only the client's AbortController ends the request.
    stubFetch(
      (c) =>
        new Promise<Response>((_, reject) =>
          c.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const error = await apiRequest('/v1/me', { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('timeout');
  });

  it('sends the language to the shop', async () => {
    sessionStore.setToken('user-1', 900);
    const calls = stubFetch(() => envelope([]));
    await apiRequest('/cart/1', { service: 'shop' });
    expect(calls[0]?.url).toBe('/shop/cart/1');
    expect(calls[0]?.headers['X-Language']).toBe('TH');
    expect(calls[0]?.headers['Accept-Language']).toBe('TH');
  });

  describe('refresh on 401', () => {
    it('shares one refresh between two parallel 401s and retries both', async () => {
      sessionStore.setToken('old', 900);
      let releaseRefresh: () => void = () => {};
      const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
      const calls = stubFetch(async (c) => {
        if (isRefresh(c)) {
          await refreshGate;
          return json(200, {
            token_type: 'Bearer',
            access_token: 'new',
            refresh_token: 'r2',
            expires_in: 900,
          });
        }
        return c.headers.Authorization === 'Bearer new' ? envelope({ url: c.url }) : unauthorized();
      });

      const both = Promise.all([apiRequest('/v1/me'), apiRequest('/v1/me/notifications/unread-count')]);
      // Let both first attempts fail before the refresh answers.
      await vi.waitFor(() => expect(calls.filter((c) => !isRefresh(c))).toHaveLength(2));
      releaseRefresh();

      await expect(both).resolves.toEqual([
        { url: '/member/v1/me' },
        { url: '/member/v1/me/notifications/unread-count' },
      ]);
      expect(calls.filter(isRefresh)).toHaveLength(1);
      expect(calls.filter(isRefresh)[0]?.body).toEqual({
        grant_type: 'refresh_token',
        client_id: 'portal-web',
        client_secret: 'public',
      });
      expect(calls.filter((c) => c.headers.Authorization === 'Bearer new')).toHaveLength(2);
      expect(sessionStore.get().accessToken).toBe('new');
      expect(navigations).toEqual([]);
    });

    it('navigates to /auth/logout once when the refresh fails', async () => {
      sessionStore.setToken('old', 900);
      const calls = stubFetch((c) => (isRefresh(c) ? json(400, { error: 'invalid_grant' }) : unauthorized()));
      const results = await Promise.allSettled([apiRequest('/v1/me'), apiRequest('/v1/me/notifications')]);
      for (const result of results) {
        expect(result.status).toBe('rejected');
        expect((result as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
        expect(((result as PromiseRejectedResult).reason as ApiError).httpStatus).toBe(401);
      }
      expect(calls.filter(isRefresh)).toHaveLength(1);
      expect(navigations).toEqual(['/auth/logout']);
    });

    it('navigates to /auth/logout when the retry is refused again', async () => {
      sessionStore.setToken('old', 900);
      stubFetch((c) =>
        isRefresh(c)
          ? json(200, { token_type: 'Bearer', access_token: 'new', expires_in: 900 })
          : unauthorized(),
      );
      await expect(apiRequest('/v1/me')).rejects.toBeInstanceOf(ApiError);
      expect(navigations).toEqual(['/auth/logout']);
    });

    it('does not refresh for password-reset URLs or when the caller opts out', async () => {
      sessionStore.setToken('old', 900);
      const calls = stubFetch(() => unauthorized());
      await expect(apiRequest('/v1/password-reset/abc')).rejects.toBeInstanceOf(ApiError);
      await expect(apiRequest('/v1/logout', { method: 'POST', refreshOn401: false })).rejects.toBeInstanceOf(
        ApiError,
      );
      expect(calls.filter(isRefresh)).toHaveLength(0);
      expect(navigations).toEqual([]);
    });

    it('does not sign out when the refresh itself gets no answer', async () => {
      sessionStore.setToken('old', 900);
      stubFetch((c) => (isRefresh(c) ? Promise.reject(new TypeError('Failed to fetch')) : unauthorized()));
      await expect(apiRequest('/v1/me')).rejects.toBeInstanceOf(NetworkError);
      expect(navigations).toEqual([]);
    });

    it('resolves a silent refresh to false when there is no session cookie', async () => {
      stubFetch(() => json(401, { error: 'invalid_grant' }));
      await expect(refreshSession()).resolves.toBe(false);
      expect(navigations).toEqual([]);
    });
  });
});
