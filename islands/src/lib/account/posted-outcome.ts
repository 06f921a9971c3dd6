// The props an account page's island is rendered with again after its form was posted without
// JavaScript: the server answered the post itself and renders the page with its outcome.
import { postedErrorsOf, postedValuesOf, type PostedErrors } from '../jobs/form-parts.tsx';

/** What the server passes back after a post without JavaScript (each part optional, read defensively). */
export interface PostedProps {
  /** A notice or confirmation sentence, or null. */
  readonly sent?: unknown;
  /** Messages by field name (lists); any key that is no field of the form is a reason for the whole form. */
  readonly errors?: unknown;
  /** What was posted, by field name, to fill the form again (never a password). */
  readonly values?: unknown;
}

export interface PostedOutcome {
  /** The notice, or null when there is none. */
  readonly sent: string | null;
  readonly errors: PostedErrors;
  readonly values: Readonly<Record<string, string>>;
}

/** A notice of a post without JavaScript: non-empty text, or null. */
export const sentOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * The outcome in `props`: the notice, the first message of each of `fields` (or the form's
 * reason when no field has one, see postedErrorsOf) and the posted text of each of
 * `valueFields` (by default `fields`; a password is left out by leaving it out of them).
 */
export function postedOutcomeOf(props: PostedProps, fields: readonly string[], valueFields: readonly string[] = fields): PostedOutcome {
  return {
    sent: sentOf(props.sent),
    errors: postedErrorsOf(props.errors, fields),
    values: postedValuesOf(props.values, valueFields),
  };
}
