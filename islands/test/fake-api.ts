import { vi } from 'vitest';

/** One call the code under test made. */
export interface ApiCall {
  readonly method: string;
  readonly url: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  /** The parsed JSON body, the FormData, or undefined. */
  readonly body: unknown;
  readonly keepalive: boolean;
}

export type Reply = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
type Handler = (call: ApiCall) => Reply;

/** `{ status, body }` as a Response (no body for 204 or undefined). */
export function toResponse(reply: { status: number; body?: unknown }): Response {
  const text = reply.body === undefined ? null : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  return new Response(reply.status === 204 ? null : text, {
    status: reply.status,
    headers: { 'content-type': 'application/json' },
  });
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => {
    headers[key] = value;
  });
  return headers;
}

/**
 * A stand-in for the API behind `fetch`: handlers by "METHOD /path" (a handler may be a list,
 * used in turn, the last one repeating), every call recorded. Unhandled calls answer 404.
 */
export function installFakeApi() {
  const handlers = new Map<string, Handler[]>();
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const parsed = new URL(url, 'http://localhost:3000');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown;
    if (typeof init?.body === 'string') body = JSON.parse(init.body);
    else if (init?.body instanceof FormData) body = init.body;
    const call: ApiCall = { method, url, path: parsed.pathname, headers: headersOf(init), body, keepalive: init?.keepalive === true };
    calls.push(call);
    const list = handlers.get(`${method} ${parsed.pathname}`);
    if (list === undefined || list.length === 0) return toResponse({ status: 404, body: { error: true, message: 'Not found.' } });
    const handler = list.length > 1 ? list.shift()! : list[0]!;
    return toResponse(await handler(call));
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** Answers "METHOD /path" with each handler in turn (the last one repeats). */
    on(route: string, ...replies: (Handler | { status: number; body?: unknown })[]) {
      handlers.set(
        route,
        replies.map((reply) => (typeof reply === 'function' ? reply : () => reply)),
      );
    },
    callsTo(route: string): ApiCall[] {
      return calls.filter((call) => `${call.method} ${call.path}` === route);
    },
  };
}

export type FakeApi = ReturnType<typeof installFakeApi>;

/** A JWT with the given claims (unsigned: the browser never checks the signature). */
export function makeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    Buffer.from(JSON.stringify(value)).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** A JWT that expires `secondsFromNow` after Date.now(). */
export function jwtExpiringIn(secondsFromNow: number, extra: Record<string, unknown> = {}): string {
  return makeJwt({ exp: Math.floor(Date.now() / 1000) + secondsFromNow, ...extra });
}

// Taken before any test fakes the timers.
const realSetImmediate = setImmediate;

/** Lets pending promise callbacks and response-body reads run (real macrotask turns). */
export async function flushPromises(turns = 5): Promise<void> {
  for (let index = 0; index < turns; index += 1) await new Promise<void>((resolve) => realSetImmediate(resolve));
}
