import { apiAuth } from './auth-hooks.ts';
import { apiUrl } from './config.ts';
import { ApiError, asErrorBody } from './errors.ts';
import { parseBody } from './parse-body.ts';

export interface ApiRequestOptions {
  /** A body sent as JSON. */
  readonly json?: unknown;
  /** A multipart body (no upload progress: use `apiUpload` for that). */
  readonly form?: FormData;
  /** The one status that counts as success; without it, any 2xx does. */
  readonly expect?: number;
  /** Sends `Authorization: Bearer <access>` when a token exists (default true). */
  readonly authorize?: boolean;
  /** On 401: refresh the tokens and send once more (default: as `authorize`). */
  readonly retryOn401?: boolean;
  readonly signal?: AbortSignal;
  /** Lets the request finish after the page is left (the logout call before navigating). */
  readonly keepalive?: boolean;
}

/** Whether a response counts as the expected one. */
export function isExpectedStatus(status: number, expect: number | undefined): boolean {
  return expect === undefined ? status >= 200 && status < 300 : status === expect;
}

async function send(method: string, path: string, options: ApiRequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.form !== undefined) {
    body = options.form;
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = body;
  if (options.signal !== undefined) init.signal = options.signal;
  if (options.keepalive === true) init.keepalive = true;
  try {
    // No timeout of our own (spec section 9: the default HTTP timeout is none).
    return await fetch(apiUrl(path), init);
  } catch (error) {
    throw new ApiError(0, {}, { cause: error });
  }
}

async function textOf(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return '';
  }
}

/**
 * Calls the API: JSON in and out, the bearer token when one exists, and one retry after a
 * token refresh when the answer is 401. Resolves to the parsed body (null when empty);
 * rejects with an `ApiError` carrying the status and the error body.
 */
export async function apiRequest<Data = unknown>(
  method: string,
  path: string,
  options: ApiRequestOptions = {},
): Promise<Data> {
  const authorize = options.authorize ?? true;
  const auth = apiAuth();
  let response = await send(method, path, options, authorize ? auth.accessToken() : null);
  if (response.status === 401 && (options.retryOn401 ?? authorize) && auth.canRefresh()) {
    if (await auth.refresh()) response = await send(method, path, options, authorize ? auth.accessToken() : null);
  }
  const body = parseBody(await textOf(response));
  if (!isExpectedStatus(response.status, options.expect)) throw new ApiError(response.status, asErrorBody(body));
  return body as Data;
}
