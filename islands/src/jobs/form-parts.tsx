// What the job forms share besides the account form controls: a select, the upload progress,
// the server's message that no field carries, and the prefill from the member's profile.
import { useEffect, useId, type RefObject } from 'react';
import { firstFieldError, messageOf } from '../api/error-fields.ts';
import { errorBodyOf } from '../api/errors.ts';
import { useAppStore } from '../store/index.ts';

/** The file types a CV, a cover document or a job's attachment may be (the API takes PDF and Word). */
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx';
export const DOCUMENT_HINT = 'PDF or Word, up to 5 MB.';

/** The file chosen in the file input `name`, or null when none was (the input then sends an empty, nameless file). */
export function formFile(data: FormData, name: string): File | null {
  const value = data.get(name);
  return value instanceof File && value.name !== '' ? value : null;
}

/** A labelled `<select>` with a "Choose…" first option and the server's error. Uncontrolled. */
export function SelectField(props: {
  readonly name: string;
  readonly label: string;
  readonly options: readonly (readonly [string, string])[];
  readonly error?: string | undefined;
}) {
  const id = useId();
  const hasError = props.error !== undefined && props.error !== '';
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        required
        defaultValue=""
        aria-describedby={hasError ? `${id}-error` : undefined}
        aria-invalid={hasError ? true : undefined}
      >
        <option value="">Choose…</option>
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {hasError && (
        <p className="isl-field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
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
