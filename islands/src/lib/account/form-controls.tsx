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

/** What a field's control carries, so that its label, hint and error speak of it. */
export interface FieldControl {
  readonly id: string;
  readonly required: boolean;
  readonly 'aria-describedby': string | undefined;
  readonly 'aria-invalid': true | undefined;
}

/** The ids a control is described by (its hint's, its error's), or undefined for none. */
function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const joined = ids.filter((id): id is string => typeof id === 'string' && id !== '').join(' ');
  return joined === '' ? undefined : joined;
}

/**
 * A field in the site's form style (.field): its label ("(optional)" when not `required`), its
 * hint, the control that `children` renders with the attributes that tie it to them
 * (`aria-describedby`, `aria-invalid`), and the server's error under it.
 */
export function LabelledField(props: {
  readonly label: string;
  /** Required unless false. */
  readonly required?: boolean;
  readonly hint?: string;
  /** The server's first message for this field; none when empty. */
  readonly error?: string | undefined;
  readonly children: (control: FieldControl) => ReactNode;
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
      {props.children({
        id,
        required,
        'aria-describedby': describedBy(props.hint !== undefined && hintId, hasError && errorId),
        'aria-invalid': hasError ? true : undefined,
      })}
      {hasError && (
        <p className="isl-field-error" id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/**
 * A labelled `<input>` with its hint and the server's error (LabelledField). Uncontrolled: what
 * the visitor typed before hydration stays, and the form is read with FormData on submit.
 */
export function TextField(props: TextFieldProps) {
  return (
    <LabelledField label={props.label} required={props.required} hint={props.hint} error={props.error}>
      {(control) => (
        <input
          id={control.id}
          name={props.name}
          type={props.type ?? 'text'}
          required={control.required}
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
          aria-describedby={control['aria-describedby']}
          aria-invalid={control['aria-invalid']}
        />
      )}
    </LabelledField>
  );
}

/**
 * A labelled `<textarea>` with its hint and the server's error (LabelledField), filled with
 * `defaultValue` when a form must show again what was posted. Uncontrolled.
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
  return (
    <LabelledField label={props.label} required={props.required} hint={props.hint} error={props.error}>
      {(control) => (
        <textarea
          id={control.id}
          name={props.name}
          rows={props.rows ?? 4}
          required={control.required}
          defaultValue={props.defaultValue}
          aria-describedby={control['aria-describedby']}
          aria-invalid={control['aria-invalid']}
        />
      )}
    </LabelledField>
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
