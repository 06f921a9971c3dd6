// Reading an error body: apart from errors.ts so that the runtime (which needs only ApiError)
// does not carry them.
import type { ApiErrorBody } from './errors.ts';

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The body's `message`, if it has one. */
export function messageOf(body: ApiErrorBody): string | undefined {
  return nonEmptyText(body.message);
}

/** The body's `detail`, if it has one. */
export function detailOf(body: ApiErrorBody): string | undefined {
  return nonEmptyText(body.detail);
}

/** The first message of the field's list (a lone string is taken as a list of one). */
export function firstFieldError(body: ApiErrorBody, field: string): string | undefined {
  if (field === 'error' || field === 'message' || field === 'detail') return undefined;
  const value = Object.prototype.hasOwnProperty.call(body, field) ? body[field] : undefined;
  return Array.isArray(value) ? nonEmptyText(value[0]) : nonEmptyText(value);
}

/** The first message of the first of `fields` that has one. */
export function firstErrorOf(body: ApiErrorBody, fields: readonly string[]): string | undefined {
  for (const field of fields) {
    const message = firstFieldError(body, field);
    if (message !== undefined) return message;
  }
  return undefined;
}
