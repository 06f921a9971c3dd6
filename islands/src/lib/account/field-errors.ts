import { firstFieldError } from '../api/error-fields.ts';
import { errorBodyOf } from '../api/errors.ts';

/** The first server message of each form field that has one, by the input's name. */
export type FieldErrors = Readonly<Record<string, string>>;

/**
 * The first message per field of a failed call's body, for the inputs `names`. `apiNames` maps
 * an input to the API field that carries its errors when they differ (current_password takes
 * old_password's).
 */
export function fieldErrorsOf(
  error: unknown,
  names: readonly string[],
  apiNames: Readonly<Record<string, string>> = {},
): FieldErrors {
  const body = errorBodyOf(error);
  const errors: Record<string, string> = {};
  for (const name of names) {
    const message = firstFieldError(body, apiNames[name] ?? name);
    if (message !== undefined) errors[name] = message;
  }
  return errors;
}
