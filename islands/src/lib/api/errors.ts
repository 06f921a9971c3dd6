/**
 * An error body of the API (api-contract: Conventions): `error: true`, a sentence in
 * `message`, `detail` on authentication failures, and one list of messages per invalid field.
 * Not the generated `ErrorBody`: that type cannot hold `error` beside the per-field lists, and
 * this one is any object a failed call answers (a proxy's too), so every field is checked.
 */
export interface ApiErrorBody {
  readonly error?: boolean;
  readonly message?: string;
  readonly detail?: string;
  readonly [field: string]: unknown;
}

/** A call that did not answer the expected status. Status 0: no answer (network, CORS, abort). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody, options?: { cause?: unknown }) {
    super(status === 0 ? 'The request got no answer' : `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}

/** The body of an ApiError, or an empty body for anything else (a bug, an abort). */
export function errorBodyOf(error: unknown): ApiErrorBody {
  return error instanceof ApiError ? error.body : {};
}

/** Turns a parsed response body into an error body (anything but an object becomes `{}`). */
export function asErrorBody(parsed: unknown): ApiErrorBody {
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ApiErrorBody) : {};
}
