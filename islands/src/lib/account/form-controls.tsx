import { useId, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import type { Audience } from '../member-services/audience.ts';

export interface TextFieldProps {
  readonly name: string;
  readonly label: string;
  readonly type?: HTMLInputTypeAttribute;
  readonly autoComplete?: string;
  readonly required?: boolean;
  readonly hint?: string;
  /** The server's first message for this field; shown under the input. */
  readonly error?: string | undefined;
  readonly defaultValue?: string;
  readonly inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  readonly maxLength?: number;
  readonly minLength?: number;
  readonly pattern?: string;
  readonly readOnly?: boolean;
  readonly accept?: string;
  readonly spellCheck?: boolean;
  /** The earliest value of a date or number field. */
  readonly min?: string;
}

/** The id of a field's error, for aria-describedby. */
function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const joined = ids.filter((id): id is string => typeof id === 'string' && id !== '').join(' ');
  return joined === '' ? undefined : joined;
}

/**
 * A labelled `<input>` in the site's form style (.field), with its hint and the server's error
 * next to it (`aria-describedby`, `aria-invalid`). Uncontrolled: what the visitor typed before
 * hydration stays, and the form is read with FormData on submit.
 */
export function TextField(props: TextFieldProps) {
  const id = useId();
  const required = props.required ?? true;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = props.error !== undefined && props.error !== '';
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {props.label}
        {!required && <span className="field-optional"> (optional)</span>}
      </label>
      {props.hint !== undefined && (
        <p className="field-hint" id={hintId}>
          {props.hint}
        </p>
      )}
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        required={required}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        minLength={props.minLength}
        pattern={props.pattern}
        readOnly={props.readOnly}
        accept={props.accept}
        spellCheck={props.spellCheck}
        min={props.min}
        aria-describedby={describedBy(props.hint !== undefined && hintId, hasError && errorId)}
        aria-invalid={hasError ? true : undefined}
      />
      {hasError && (
        <p className="isl-field-error" id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/**
 * A labelled `<textarea>` with its hint and the server's error: the markup of
 * member-services' TextAreaField, which has no `defaultValue`, for a form that must show again
 * what was posted (a server-rendered answer to a post without JavaScript). Uncontrolled.
 */
export function TextAreaField(props: {
  readonly name: string;
  readonly label: string;
  readonly required?: boolean;
  readonly hint?: string;
  readonly rows?: number;
  readonly error?: string | undefined;
  readonly defaultValue?: string;
}) {
  const id = useId();
  const required = props.required ?? true;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = props.error !== undefined && props.error !== '';
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {props.label}
        {!required && <span className="field-optional"> (optional)</span>}
      </label>
      {props.hint !== undefined && (
        <p className="field-hint" id={hintId}>
          {props.hint}
        </p>
      )}
      <textarea
        id={id}
        name={props.name}
        rows={props.rows ?? 4}
        required={required}
        defaultValue={props.defaultValue}
        aria-describedby={describedBy(props.hint !== undefined && hintId, hasError && errorId)}
        aria-invalid={hasError ? true : undefined}
      />
      {hasError && (
        <p className="isl-field-error" id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** The form's main button, disabled while the form is being sent (and when `disabled`). */
export function SubmitButton({
  busy,
  disabled = false,
  audience,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  /** For a form only a member sends: the button is theirs, hidden from anyone else (audience.ts). */
  audience?: { readonly for: Audience; readonly shown: boolean };
  children: ReactNode;
}) {
  return (
    <button
      className="button button--primary"
      type="submit"
      disabled={busy || disabled || audience?.shown === false}
      aria-busy={busy ? true : undefined}
      data-for={audience?.for}
      hidden={audience?.shown === false}
    >
      {children}
    </button>
  );
}

export const PASSWORD_HINT = 'At least 8 characters, not only numbers, and not your email address.';

/**
 * The reason for the whole form (no field carries it) that the page was rendered with after
 * its post without JavaScript: above the submit button, an alert so that a screen reader
 * says it as the page loads. Nothing when there is none (no empty element in the form's grid).
 */
export function FormReason({ message }: { message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <p className="isl-field-error" role="alert">
      {message}
    </p>
  );
}
