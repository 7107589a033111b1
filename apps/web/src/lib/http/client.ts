import type { TokenResponse } from '@portal/contracts/oauth';
import { getConfig } from '../config';
import { navigateTo } from '../navigation';
import { paths } from '../paths';
import { currentLanguage } from '../preferences';
import { sessionStore } from '../auth/session-store';
import { ApiError } from './errors';
import { sendBlob, sendForm, type ProgressListener } from './transfer';
import { envelopeData, isOk, send, toApiError, TIMEOUT_MS, type RawResponse } from './transport';

export type Service = 'member' | 'network' | 'shop' | 'staff';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: Method;
  service?: Service;
  /** 'app' for the public calls of spec section 6, 'user' for everything else. */
  auth?: 'app' | 'user';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * When false a 401 is returned to the caller as is: no refresh, no logout. The logout call and
   * the token check page use it, so they cannot loop back into /auth/logout.
   */
  refreshOn401?: boolean;
  /** Extra headers of one call (the shop's Idempotency-Key, a guest's X-Order-Key). */
  headers?: Record<string, string>;
}

/** Paths that never trigger a refresh (README, Conventions): the token endpoint and password reset. */
const NO_REFRESH = [/\/oauth\/token$/, /\/password-reset(\/|$)/];
/** Renew application tokens this long before they expire, so a request never races expiry. */
const APP_TOKEN_MARGIN_MS = 30_000;

function baseUrl(service: Service): string {
  const config = getConfig();
  return service === 'member'
    ? config.memberBaseUrl
    : service === 'network'
      ? config.networkBaseUrl
      : service === 'staff'
        ? config.staffBaseUrl
        : config.shopBaseUrl;
}

/** The staff API is the member API's sibling on the same server: it gets the member time-out. */
const timeoutOf = (service: Service): number =>
  service === 'staff' ? TIMEOUT_MS.member : TIMEOUT_MS[service];

function buildUrl(service: Service, path: string, query?: Record<string, QueryValue>): string {
  let url = baseUrl(service) + path;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

function headers(service: Service, token: string | null, hasBody: boolean): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json', 'X-App-Key': getConfig().appKey };
  if (hasBody) h['Content-Type'] = 'application/json';
  if (token) h.Authorization = `Bearer ${token}`;
  if (service === 'shop') {
    const lang = currentLanguage().toUpperCase();
    h['Accept-Language'] = lang;
    h['X-Language'] = lang;
  }
  return h;
}

/**
 * Each service's OAuth token endpoint; the network API has its own under /network/api/v1 (README,
 * Conventions).
 */
const TOKEN_PATH: Record<Service, string> = {
  member: '/oauth/token',
  network: '/api/v1/oauth/token',
  shop: '/oauth/token',
  staff: '/oauth/token',
};

async function tokenEndpoint(service: Service, body: Record<string, string>): Promise<TokenResponse> {
  const res = await send(buildUrl(service, TOKEN_PATH[service]), {
    method: 'POST',
    headers: headers(service, null, true),
    body: JSON.stringify(body),
    timeoutMs: timeoutOf(service),
  });
  if (!isOk(res.status)) throw toApiError(res);
  return res.body as TokenResponse;
}

// ---- application tokens (client credentials), cached in memory per service -------------------

const appTokens = new Map<Service, { token: string; expiresAt: number }>();
const appTokenRequests = new Map<Service, Promise<string>>();

async function appToken(service: Service): Promise<string> {
  const cached = appTokens.get(service);
  if (cached && cached.expiresAt - APP_TOKEN_MARGIN_MS > Date.now()) return cached.token;
  let pending = appTokenRequests.get(service);
  if (!pending) {
    const { clientId, clientSecret } = getConfig();
    pending = tokenEndpoint(service, {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
      scope: 'public',
    })
      .then((answer) => {
        appTokens.set(service, {
          token: answer.access_token,
          expiresAt: Date.now() + answer.expires_in * 1000,
        });
        return answer.access_token;
      })
      .finally(() => appTokenRequests.delete(service));
    appTokenRequests.set(service, pending);
  }
  return pending;
}

// ---- user session refresh (single flight) ------------------------------------------------------

let refreshing: Promise<boolean> | null = null;
let expiredBy: Promise<boolean> | null = null;

/**
 * Trades the HttpOnly refresh cookie for a new access token. Parallel callers share one request,
 * because the server rotates refresh tokens and a second concurrent use would revoke the family.
 * Resolves false when the server refuses; rejects only on network failure.
 */
export function refreshSession(): Promise<boolean> {
  if (!refreshing) {
    const { clientId, clientSecret } = getConfig();
    const pending = tokenEndpoint('member', {
      grant_type: 'refresh_token',
      client_id: clientId,
      client_secret: clientSecret,
    })
      .then((answer) => {
        sessionStore.setToken(answer.access_token, answer.expires_in);
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError) return false;
        throw error;
      })
      .finally(() => {
        if (refreshing === pending) refreshing = null;
      });
    refreshing = pending;
  }
  return refreshing;
}

/** One navigation per failed refresh, however many requests were waiting on it. */
function expireSession(cause: Promise<boolean> | null): void {
  if (cause && expiredBy === cause) return;
  expiredBy = cause;
  navigateTo(paths.auth.logout.path);
}

// ---- requests ------------------------------------------------------------------------------------

async function attempt(
  url: string,
  method: Method,
  service: Service,
  token: string | null,
  options: RequestOptions,
) {
  const hasBody = options.body !== undefined;
  return send(url, {
    method,
    headers: { ...headers(service, token, hasBody), ...options.headers },
    body: hasBody ? JSON.stringify(options.body) : undefined,
    timeoutMs: options.timeoutMs ?? timeoutOf(service),
    signal: options.signal,
  });
}

/** Runs a request with the user's token; a 401 refreshes the session once and runs it again. */
async function withUserToken<R extends { status: number }>(
  path: string,
  options: Pick<RequestOptions, 'refreshOn401'>,
  run: (token: string | null) => Promise<R>,
): Promise<R> {
  const used = sessionStore.get().accessToken;
  let res = await run(used);
  if (res.status !== 401 || options.refreshOn401 === false || NO_REFRESH.some((re) => re.test(path)))
    return res;

  // Another request may already have refreshed while this one was in flight.
  if (sessionStore.get().accessToken === used) {
    const pending = refreshSession();
    if (!(await pending)) {
      expireSession(pending);
      return res;
    }
  }
  res = await run(sessionStore.get().accessToken);
  if (res.status === 401) expireSession(null);
  return res;
}

function userRequest(
  url: string,
  path: string,
  method: Method,
  service: Service,
  options: RequestOptions,
): Promise<RawResponse> {
  return withUserToken(path, options, (token) => attempt(url, method, service, token, options));
}

/** A 401 about the token itself, as opposed to e.g. wrong sign-in data. */
function isTokenRejection(res: RawResponse): boolean {
  const code = toApiError(res).errorCode;
  return code === undefined || code === 'UNAUTHENTICATED' || code === 'TOKEN_EXPIRED';
}

async function appRequest(
  url: string,
  method: Method,
  service: Service,
  options: RequestOptions,
): Promise<RawResponse> {
  let res = await attempt(url, method, service, await appToken(service), options);
  if (res.status === 401 && isTokenRejection(res)) {
    // The cached application token was revoked or the server restarted with new keys: fetch once more.
    appTokens.delete(service);
    res = await attempt(url, method, service, await appToken(service), options);
  }
  return res;
}

/** Calls an endpoint and returns the envelope's `data`; throws ApiError or NetworkError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const service = options.service ?? 'member';
  const url = buildUrl(service, path, options.query);
  const res =
    options.auth === 'app'
      ? await appRequest(url, method, service, options)
      : await userRequest(url, path, method, service, options);
  if (!isOk(res.status)) throw toApiError(res);
  return envelopeData<T>(res);
}

/** Test hook: forget cached tokens and in-flight refreshes. */
export function resetHttpState(): void {
  appTokens.clear();
  appTokenRequests.clear();
  refreshing = null;
  expiredBy = null;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  service?: Service;
  signal?: AbortSignal;
  timeoutMs?: number;
  onProgress?: ProgressListener;
  /** 'app' for a visitor's upload (a guest's transfer slip); the user's token by default. */
  auth?: 'app' | 'user';
  headers?: Record<string, string>;
}

/**
 * A multipart upload with the user's token (documents), reporting progress; returns the
 * envelope's `data` and throws ApiError or NetworkError like apiRequest.
 */
export async function apiUpload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const service = options.service ?? 'member';
  const url = buildUrl(service, path);
  const run = (token: string | null) =>
    sendForm(url, {
      method: options.method ?? 'POST',
      headers: { ...headers(service, token, false), ...options.headers },
      body: form,
      timeoutMs: options.timeoutMs ?? timeoutOf(service),
      signal: options.signal,
      onProgress: options.onProgress,
    });
  const res =
    options.auth === 'app' ? await run(await appToken(service)) : await withUserToken(path, {}, run);
  if (!isOk(res.status)) throw toApiError(res);
  return envelopeData<T>(res);
}

/**
 * A file behind the user's token (a document), or behind an application token with the call's own
 * headers (a guest's tax invoice with its X-Order-Key), as a Blob for an object URL or a download.
 */
export async function apiBlob(
  path: string,
  options: Pick<RequestOptions, 'service' | 'signal' | 'auth' | 'headers' | 'query'> = {},
): Promise<Blob> {
  const service = options.service ?? 'member';
  const url = buildUrl(service, path, options.query);
  const run = (token: string | null) =>
    sendBlob(url, {
      headers: { ...headers(service, token, false), Accept: '*/*', ...options.headers },
      timeoutMs: timeoutOf(service),
      signal: options.signal,
    });
  const res =
    options.auth === 'app' ? await run(await appToken(service)) : await withUserToken(path, {}, run);
  if (!isOk(res.status) || !res.blob) throw toApiError(res);
  return res.blob;
}
