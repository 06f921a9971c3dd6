import { apiAuth } from './auth-hooks.ts';
import { isExpectedStatus } from './client.ts';
import { apiUrl } from './config.ts';
import { ApiError, asErrorBody } from './errors.ts';
import { parseBody } from './parse-body.ts';

export interface ApiUploadOptions {
  /** The one status that counts as success; without it, any 2xx does. */
  readonly expect?: number;
  /** Sends `Authorization: Bearer <access>` when a token exists (default true). */
  readonly authorize?: boolean;
  /** On 401: refresh the tokens and send once more (default: as `authorize`). */
  readonly retryOn401?: boolean;
  /** The share of the body sent so far, 0 to 1 (starts again on the retry after a 401). */
  readonly onProgress?: (fraction: number) => void;
  readonly signal?: AbortSignal;
}

interface Reply {
  readonly status: number;
  readonly text: string;
}

function sendForm(method: string, path: string, form: FormData, token: string | null, options: ApiUploadOptions): Promise<Reply> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ApiError(0, {}, { cause: options.signal.reason }));
      return;
    }
    // XMLHttpRequest, not fetch: only it reports upload progress. No timeout (spec section 9).
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token !== null) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const onProgress = options.onProgress;
    if (onProgress !== undefined) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      });
    }
    const onAbort = (): void => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (): void => options.signal?.removeEventListener('abort', onAbort);
    xhr.addEventListener('load', () => {
      settle();
      resolve({ status: xhr.status, text: typeof xhr.responseText === 'string' ? xhr.responseText : '' });
    });
    for (const type of ['error', 'abort', 'timeout']) {
      xhr.addEventListener(type, () => {
        settle();
        reject(new ApiError(0, {}, { cause: type }));
      });
    }
    xhr.send(form);
  });
}

/**
 * Sends a multipart form (files) with upload progress: the bearer token when one exists and
 * one retry after a token refresh on 401, as `apiRequest`. Resolves to the parsed body.
 */
export async function apiUpload<Data = unknown>(
  method: string,
  path: string,
  form: FormData,
  options: ApiUploadOptions = {},
): Promise<Data> {
  const authorize = options.authorize ?? true;
  const auth = apiAuth();
  let reply = await sendForm(method, path, form, authorize ? auth.accessToken() : null, options);
  if (reply.status === 401 && (options.retryOn401 ?? authorize) && auth.canRefresh()) {
    if (await auth.refresh()) reply = await sendForm(method, path, form, authorize ? auth.accessToken() : null, options);
  }
  const body = parseBody(reply.text);
  if (!isExpectedStatus(reply.status, options.expect)) throw new ApiError(reply.status, asErrorBody(body));
  return body as Data;
}
