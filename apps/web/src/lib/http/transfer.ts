import { NetworkError } from './errors';
import { fetchWithDeadline, parseJson, type RawResponse } from './transport';

/** 0…1 of the request body sent so far. */
export type ProgressListener = (fraction: number) => void;

export interface FormInit {
  method: string;
  headers: Record<string, string>;
  body: FormData;
  timeoutMs: number;
  signal?: AbortSignal;
  onProgress?: ProgressListener;
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('The upload was cancelled', 'AbortError');
}

/**
 * A multipart request through XMLHttpRequest, because fetch cannot report upload progress. The
 * browser writes the multipart Content-Type (with its boundary) itself. Failures without an answer
 * become NetworkError, like `send`.
 */
export function sendForm(url: string, init: FormInit): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    if (init.signal?.aborted) {
      reject(abortReason(init.signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) {
      if (name.toLowerCase() !== 'content-type') xhr.setRequestHeader(name, value);
    }
    xhr.timeout = init.timeoutMs;
    const onAbort = () => xhr.abort();
    init.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => init.signal?.removeEventListener('abort', onAbort);
    if (init.onProgress) {
      const report = init.onProgress;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) report(Math.min(1, event.loaded / event.total));
      };
    }
    xhr.onload = () => {
      done();
      init.onProgress?.(1);
      resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    };
    xhr.onerror = () => {
      done();
      reject(new NetworkError('unreachable'));
    };
    xhr.ontimeout = () => {
      done();
      reject(new NetworkError('timeout'));
    };
    xhr.onabort = () => {
      done();
      reject(abortReason(init.signal));
    };
    xhr.send(init.body);
  });
}

export interface BlobResponse extends RawResponse {
  blob: Blob | null;
}

/**
 * A download that needs the bearer token (document files), as a Blob for an object URL. An error
 * answer's JSON envelope is kept in `body` so it becomes the usual ApiError.
 */
export function sendBlob(
  url: string,
  init: { headers: Record<string, string>; timeoutMs: number; signal?: AbortSignal },
): Promise<BlobResponse> {
  return fetchWithDeadline(url, init, async (res) =>
    res.ok
      ? { status: res.status, body: null, blob: await res.blob() }
      : { status: res.status, body: parseJson(await res.text()), blob: null },
  );
}
