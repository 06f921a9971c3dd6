import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../test/fake-api.ts';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import {
  ApiError,
  apiBaseUrl,
  apiRequest,
  apiUpload,
  configureApiAuth,
  firstErrorOf,
  firstFieldError,
  type ApiAuthHooks,
} from './index.ts';

function hooks(initialToken: string | null, refreshResult = true) {
  let token = initialToken;
  const refresh = vi.fn(async () => {
    if (refreshResult) token = 'renewed';
    return refreshResult;
  });
  const auth: ApiAuthHooks = { accessToken: () => token, canRefresh: () => token !== null, refresh };
  configureApiAuth(auth);
  return { refresh };
}

describe('the API base URL', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('is the page origin (relative paths) without a meta tag', async () => {
    const api = installFakeApi();
    api.on('GET /api/x/', { status: 200, body: { ok: 1 } });
    expect(apiBaseUrl()).toBe('');
    await apiRequest('GET', '/api/x/');
    expect(api.calls[0]?.url).toBe('/api/x/');
  });

  it('comes from <meta name="api-base">, without a trailing slash', async () => {
    document.head.innerHTML = '<meta name="api-base" content="https://api.example.co.uk/">';
    const api = installFakeApi();
    await apiRequest('GET', '/api/x/').catch(() => undefined);
    expect(api.calls[0]?.url).toBe('https://api.example.co.uk/api/x/');
  });
});

describe('apiRequest', () => {
  let api: FakeApi;

  beforeEach(() => {
    api = installFakeApi();
  });

  afterEach(() => configureApiAuth(null));

  it('sends JSON and parses JSON, with the bearer token when one exists', async () => {
    hooks('token-1');
    api.on('POST /api/things/', { status: 201, body: { id: 7 } });
    const data = await apiRequest('POST', '/api/things/', { json: { name: 'a' }, expect: 201 });
    expect(data).toEqual({ id: 7 });
    const call = api.calls[0];
    expect(call?.body).toEqual({ name: 'a' });
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers.accept).toBe('application/json');
    expect(call?.headers.authorization).toBe('Bearer token-1');
  });

  it('sends no Authorization header without a token, or when told not to', async () => {
    api.on('GET /api/open/', { status: 200, body: [] });
    await apiRequest('GET', '/api/open/');
    expect(api.calls[0]?.headers.authorization).toBeUndefined();
    hooks('token-1');
    await apiRequest('GET', '/api/open/', { authorize: false });
    expect(api.calls[1]?.headers.authorization).toBeUndefined();
  });

  it('resolves null for an empty 204', async () => {
    api.on('DELETE /api/things/1/', { status: 204 });
    await expect(apiRequest('DELETE', '/api/things/1/', { expect: 204 })).resolves.toBeNull();
  });

  it('rejects with a typed error carrying the status and the body', async () => {
    const body = { error: true, message: 'Enter a valid email address.', email: ['Enter a valid email address.'] };
    api.on('POST /api/auth/register/', { status: 400, body });
    const error = await apiRequest('POST', '/api/auth/register/', { json: {}, expect: 201 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).body).toEqual(body);
    expect(firstFieldError((error as ApiError).body, 'email')).toBe('Enter a valid email address.');
    expect(firstErrorOf((error as ApiError).body, ['password', 'email'])).toBe('Enter a valid email address.');
  });

  it('treats any status but the expected one as an error, even a 2xx', async () => {
    api.on('POST /api/auth/register/', { status: 200, body: { message: 'ok' } });
    await expect(apiRequest('POST', '/api/auth/register/', { expect: 201 })).rejects.toMatchObject({ status: 200 });
  });

  it('gives an empty body for a non-JSON error page, and status 0 when there is no answer', async () => {
    api.on('GET /api/x/', { status: 502, body: '<html>Bad gateway</html>' });
    await expect(apiRequest('GET', '/api/x/')).rejects.toMatchObject({ status: 502, body: {} });
    api.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('GET', '/api/x/')).rejects.toMatchObject({ status: 0, body: {} });
  });

  it('retries a 401 exactly once after a refresh, with the new token', async () => {
    const { refresh } = hooks('old');
    api.on('GET /api/auth/profile/', { status: 401, body: { detail: 'expired' } }, { status: 200, body: { id: 1 } });
    await expect(apiRequest('GET', '/api/auth/profile/', { expect: 200 })).resolves.toEqual({ id: 1 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(api.calls.map((call) => call.headers.authorization)).toEqual(['Bearer old', 'Bearer renewed']);
  });

  it('does not retry a second 401, nor when the refresh fails', async () => {
    const { refresh } = hooks('old');
    api.on('GET /api/auth/profile/', { status: 401, body: { detail: 'no' } });
    await expect(apiRequest('GET', '/api/auth/profile/')).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(api.calls).toHaveLength(2);

    const failing = hooks('old', false);
    await expect(apiRequest('GET', '/api/auth/profile/')).rejects.toMatchObject({ status: 401 });
    expect(failing.refresh).toHaveBeenCalledTimes(1);
    expect(api.calls).toHaveLength(3);
  });

  it('does not refresh on 401 when told not to (a wrong password at login)', async () => {
    const { refresh } = hooks('old');
    api.on('POST /api/auth/login/', { status: 401, body: { detail: 'No active account' } });
    await expect(apiRequest('POST', '/api/auth/login/', { retryOn401: false })).rejects.toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('has no timeout of its own', async () => {
    vi.useFakeTimers();
    try {
      let answer: (reply: Response) => void = () => undefined;
      api.fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
      const request = apiRequest('GET', '/api/slow/');
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      answer(new Response('{"done":true}', { status: 200 }));
      await expect(request).resolves.toEqual({ done: true });
      expect(api.fetchMock.mock.calls[0]?.[1]?.signal).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('apiUpload', () => {
  beforeEach(() => FakeXhr.install());
  afterEach(() => configureApiAuth(null));

  it('sends the form with XMLHttpRequest, reports progress and parses the answer', async () => {
    hooks('token-1');
    const form = new FormData();
    form.append('resume', new Blob(['%PDF']), 'cv.pdf');
    const progress: number[] = [];
    const upload = apiUpload('PATCH', '/api/auth/profile/', form, { expect: 200, onProgress: (value) => progress.push(value) });
    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('PATCH');
    expect(xhr.url).toBe('/api/auth/profile/');
    expect(xhr.body).toBe(form);
    expect(xhr.requestHeaders.authorization).toBe('Bearer token-1');
    expect(xhr.requestHeaders['content-type']).toBeUndefined();
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(200, { id: 1 });
    await expect(upload).resolves.toEqual({ id: 1 });
    expect(progress).toEqual([0.25, 1]);
  });

  it('retries once after a refresh on 401', async () => {
    const { refresh } = hooks('old');
    const upload = apiUpload('PATCH', '/api/auth/profile/', new FormData(), { expect: 200 });
    FakeXhr.last().respond(401, { detail: 'expired' });
    await vi.waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(FakeXhr.last().requestHeaders.authorization).toBe('Bearer renewed');
    FakeXhr.last().respond(200, { id: 2 });
    await expect(upload).resolves.toEqual({ id: 2 });
  });

  it('rejects with the status and the body, or status 0 on a network error', async () => {
    const failed = apiUpload('PATCH', '/api/auth/profile/', new FormData(), { expect: 200 });
    FakeXhr.last().respond(413, { error: true, message: 'The file is too large.' });
    await expect(failed).rejects.toMatchObject({ status: 413, body: { message: 'The file is too large.' } });

    const offline = apiUpload('PATCH', '/api/auth/profile/', new FormData());
    FakeXhr.last().fail();
    await expect(offline).rejects.toMatchObject({ status: 0 });
  });
});
