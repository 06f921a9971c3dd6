// What the job forms share besides the account form controls: a select, the upload progress,
// the server's message that no field carries, and the prefill from the member's profile.
import { useEffect, useId, type RefObject } from 'react';
import type { FieldErrors } from '../account/field-errors.ts';
import { LabelledField } from '../account/form-controls.tsx';
import { firstFieldError, messageOf } from '../api/error-fields.ts';
import { asErrorBody, errorBodyOf } from '../api/errors.ts';
import { useAppStore } from '../store/index.ts';

/** The file types a CV, a cover document or a job's attachment may be (the API takes PDF and Word). */
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx';
export const DOCUMENT_HINT = 'PDF or Word, up to 5 MB.';

/** The file chosen in the file input `name`, or null when none was (the input then sends an empty, nameless file). */
export function formFile(data: FormData, name: string): File | null {
  const value = data.get(name);
  return value instanceof File && value.name !== '' ? value : null;
}

/** A labelled `<select>` with a "Choose…" first option and the server's error (LabelledField). Uncontrolled. */
export function SelectField(props: {
  readonly name: string;
  readonly label: string;
  readonly options: readonly (readonly [string, string])[];
  readonly error?: string | undefined;
}) {
  return (
    <LabelledField label={props.label} error={props.error}>
      {(control) => (
        <select
          id={control.id}
          name={props.name}
          required={control.required}
          defaultValue=""
          aria-describedby={control['aria-describedby']}
          aria-invalid={control['aria-invalid']}
        >
          <option value="">Choose…</option>
          {props.options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

/**
 * How much of an upload is sent: a labelled `<progress>` while `fraction` is not null. The
 * polite live region stays in the page, so the label is announced when sending starts; the
 * percentage beside the bar is for the eye only (announcing each step would drown the reader).
 */
export function UploadProgress({ fraction, label }: { fraction: number | null; label: string }) {
  const id = useId();
  const percent = Math.round((fraction ?? 0) * 100);
  return (
    <div className="isl-upload" aria-live="polite">
      {fraction !== null && (
        <>
          <label className="field-label" htmlFor={id}>
            {label}
          </label>
          <div className="isl-upload__row">
            <progress id={id} className="isl-upload__bar" max={100} value={percent}>
              {percent}%
            </progress>
            <span className="isl-upload__percent" aria-hidden="true">
              {percent}%
            </span>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * The server's message of a failure that none of the form's `fields` carries (a second
 * application, a closed job, too many requests): without it, the spec's alert alone would not
 * say what to do. Undefined when a field shows the reason.
 */
export function unplacedMessage(error: unknown, fields: readonly string[]): string | undefined {
  const body = errorBodyOf(error);
  if (fields.some((field) => firstFieldError(body, field) !== undefined)) return undefined;
  return messageOf(body);
}

/** What a form's post without JavaScript came back with, read for the island's first render. */
export interface PostedErrors {
  /** The first message of each field that has one. */
  readonly fields: FieldErrors;
  /** The message for the form as a whole, when no field shows one. */
  readonly message: string | undefined;
}

/**
 * The errors the server passes to an island that it rendered again after the form's post
 * without JavaScript: messages by field name (a list, or a lone string), `message` or any
 * other key for the form as a whole. Read as the JavaScript path reads an API failure: the
 * first message of each of `fields`, and the form's message only when none of them has one
 * (unplacedMessage), `message` first. Anything else (not an object, not text) is ignored.
 */
export function postedErrorsOf(value: unknown, fields: readonly string[]): PostedErrors {
  const body = asErrorBody(value);
  const placed: Record<string, string> = {};
  for (const field of fields) {
    const message = firstFieldError(body, field);
    if (message !== undefined) placed[field] = message;
  }
  if (Object.keys(placed).length > 0) return { fields: placed, message: undefined };
  const formKeys = ['message', ...Object.keys(body).filter((key) => key !== 'message' && !fields.includes(key))];
  for (const key of formKeys) {
    const message = firstText(Object.prototype.hasOwnProperty.call(body, key) ? body[key] : undefined);
    if (message !== undefined) return { fields: placed, message };
  }
  return { fields: placed, message: undefined };
}

/** The first message of a list of them (a lone string is a list of one), if it is text. */
function firstText(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first : undefined;
}

/**
 * The values the server passes back with a refused post without JavaScript, to fill the form
 * again: the text of each of `fields` that has one; anything else is ignored.
 */
export function postedValuesOf(value: unknown, fields: readonly string[]): Readonly<Record<string, string>> {
  const posted = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const values: Record<string, string> = {};
  for (const field of fields) {
    const text = Object.prototype.hasOwnProperty.call(posted, field) ? posted[field] : undefined;
    if (typeof text === 'string') values[field] = text;
  }
  return values;
}

/** The form's message above its button, announced when it appears. */
export function FormMessage({ message }: { message: string | undefined }) {
  return (
    <div aria-live="assertive">
      {message !== undefined && <p className="isl-field-error">{message}</p>}
    </div>
  );
}

const PROFILE_FIELDS = ['full_name', 'email', 'phone_number'] as const;

/**
 * Fills the form's empty name, email and phone inputs from the signed-in member's profile
 * (`GET /api/auth/profile/`, which the session restore loads when none is stored) as soon as
 * it is known. What the person already typed stays.
 */
export function useProfilePrefill(formRef: RefObject<HTMLFormElement | null>): void {
  const user = useAppStore((state) => state.session.user);
  useEffect(() => {
    const form = formRef.current;
    if (user === null || form === null) return;
    for (const name of PROFILE_FIELDS) {
      const input = form.elements.namedItem(name);
      const value = user[name];
      if (input instanceof HTMLInputElement && input.value === '' && value !== null) input.value = value;
    }
  }, [user, formRef]);
}
