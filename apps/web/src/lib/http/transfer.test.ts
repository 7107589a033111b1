import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, setConfig } from '../config';
import { setNavigator } from '../navigation';
import { sessionStore } from '../auth/session-store';
import { apiBlob, apiUpload, resetHttpState } from './client';
import { ApiError, NetworkError } from './errors';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const unauthorized = () =>
  json(401, { status: { code: 401, message: 'Unauthenticated', error_code: 'UNAUTHENTICATED' }, data: null });

/** A stand-in XMLHttpRequest: answers with `reply(token)` after reporting upload progress. */
function stubXhr(reply: (auth: string | undefined) => { status: number; body: unknown }) {
  const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    timeout = 0;
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      sent.push({ method: this.method, url: this.url, headers: this.headers, body });
      const answer = reply(this.headers.Authorization);
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

beforeEach(() => {
  setConfig({ ...DEFAULT_CONFIG });
  resetHttpState();
  sessionStore.clear();
  setNavigator(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploads with progress', () => {
  it('sends the form with the token and reports progress up to the end', async () => {
    sessionStore.setToken('user-1', 900);
    const sent = stubXhr(() => ({ status: 201, body: { status: { code: 201 }, data: { id: 9 } } }));
    const progress: number[] = [];
    const form = new FormData();
    form.append('type', 'government_id');
    await expect(
      apiUpload('/v1/me/documents', form, { onProgress: (p) => progress.push(p) }),
    ).resolves.toEqual({
      id: 9,
    });
    expect(sent[0]?.url).toBe('/member/v1/me/documents');
    expect(sent[0]?.headers.Authorization).toBe('Bearer user-1');
    expect(sent[0]?.headers['X-App-Key']).toBe('portal-web');
    // The browser writes the multipart boundary: no Content-Type of our own.
    expect(Object.keys(sent[0]!.headers).map((h) => h.toLowerCase())).not.toContain('content-type');
    expect(progress).toEqual([0.5, 1]);
  });

  it('refreshes once on 401 and sends the form again', async () => {
    sessionStore.setToken('old', 900);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { token_type: 'Bearer', access_token: 'new', expires_in: 900 })),
    );
    const sent = stubXhr((auth) =>
      auth === 'Bearer new'
        ? { status: 201, body: { status: { code: 201 }, data: { id: 1 } } }
        : { status: 401, body: { status: { code: 401, error_code: 'UNAUTHENTICATED' }, data: null } },
    );
    await expect(apiUpload('/v1/me/documents', new FormData())).resolves.toEqual({ id: 1 });
    expect(sent.map((s) => s.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('turns a refused file into an ApiError with its code', async () => {
    sessionStore.setToken('user-1', 900);
    stubXhr(() => ({
      status: 422,
      body: {
        status: {
          code: 422,
          message: 'The file must be a PNG, GIF, JPG or PDF',
          error_code: 'UNSUPPORTED_MEDIA_TYPE',
          errors: { file: ['The file must be a PNG, GIF, JPG or PDF'] },
        },
        data: null,
      },
    }));
    const error = await apiUpload('/v1/me/documents', new FormData()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorCode).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((error as ApiError).field('file')).toBe('The file must be a PNG, GIF, JPG or PDF');
  });
});

describe('files behind the token', () => {
  it('fetches a staff document from the staff API as a Blob', async () => {
    sessionStore.setToken('staff-1', 900);
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(new Uint8Array([1, 2, 3])),
    );
    vi.stubGlobal('fetch', fetchMock);
    const blob = await apiBlob('/v1/documents/5/file', { service: 'staff' });
    expect(blob.size).toBe(3);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/staff/v1/documents/5/file');
    expect((fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>).Authorization).toBe(
      'Bearer staff-1',
    );
  });

  it('answers a missing file with the ApiError of its envelope', async () => {
    sessionStore.setToken('user-1', 900);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(404, {
          status: { code: 404, message: 'Not found document', error_code: 'NOT_FOUND_DOCUMENT' },
          data: null,
        }),
      ),
    );
    const error = await apiBlob('/v1/me/documents/5/file').catch((e: unknown) => e);
    expect((error as ApiError).errorCode).toBe('NOT_FOUND_DOCUMENT');
  });

  it('refreshes on 401 before giving up', async () => {
    sessionStore.setToken('old', 900);
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/oauth/token')
        ? json(200, { token_type: 'Bearer', access_token: 'new', expires_in: 900 })
        : sessionStore.get().accessToken === 'new'
          ? new Response(new Uint8Array([7]))
          : unauthorized(),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect((await apiBlob('/v1/me/documents/5/file')).size).toBe(1);
  });

  it('reports a dropped connection as a NetworkError', async () => {
    sessionStore.setToken('user-1', 900);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await apiBlob('/v1/me/documents/5/file').catch((e: unknown) => e)).toBeInstanceOf(NetworkError);
  });
});
