import { useCallback, useState } from 'react';
import type { ActionResult } from '../api/result.ts';
import { unplacedMessage, type PostedErrors } from '../jobs/form-parts.tsx';
import { postedOutcomeOf, type PostedOutcome, type PostedProps } from './posted-outcome.ts';
import { useAccountForm, type AccountForm } from './use-account-form.ts';

/** The props of a form answered with a confirmation: the outcome of its post without JavaScript, and where it posts. */
export interface ConfirmationFormProps extends PostedProps {
  /** The page's own path: where the form posts without JavaScript. */
  readonly action?: unknown;
}

export interface ConfirmationForm extends Pick<AccountForm, 'formRef' | 'submitting' | 'errors' | 'onSubmit' | 'onInput'> {
  /** Where the form posts without JavaScript: a same-site path, or undefined for the page it is on. */
  readonly action: string | undefined;
  /** The server's confirmation, shown above the form, or null. */
  readonly confirmation: string | null;
  /** The reason for the whole form (no field carries it), shown above the button. */
  readonly message: string | undefined;
  /** The inputs' default values: what was posted, emptied once the form went through. */
  readonly values: Readonly<Record<string, string>>;
}

const NO_VALUES: Readonly<Record<string, string>> = {};
const NO_ERRORS: PostedErrors = { fields: {}, message: undefined };

/** A same-site path, or undefined (the form then posts to the page it is on). */
const pagePathOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;

/** The outcome in `props`; once confirmed, the form starts empty and without errors. */
function outcomeOf(props: PostedProps, fields: readonly string[]): PostedOutcome {
  const outcome = postedOutcomeOf(props, fields);
  return outcome.sent === null ? outcome : { sent: outcome.sent, errors: NO_ERRORS, values: NO_VALUES };
}

/**
 * A public form that the server answers with a confirmation sentence (the /contact message, a
 * recruitment request). The server renders it posting to its page, so that it works without
 * JavaScript; once hydrated, `send` sends the form's `fields` as JSON instead (useAccountForm):
 * the confirmation above the form and the form cleared, or the server's messages beside their
 * fields (or above the button when no field has one).
 *
 * After a post without JavaScript the server renders the page again with its outcome in the
 * props, shown as the JavaScript path shows it: the confirmation above an empty form, or the
 * messages beside their fields and the form filled with what was posted. The next submit
 * replaces them. `send` and `fields` are to be the same on every render (module constants).
 */
export function useConfirmationForm(
  props: ConfirmationFormProps,
  fields: readonly string[],
  send: (data: FormData) => Promise<ActionResult<{ readonly message: string }>>,
): ConfirmationForm {
  // Read once: the server's render and the hydration start from the same props.
  const [posted] = useState(() => outcomeOf(props, fields));
  const [confirmation, setConfirmation] = useState<string | null>(posted.sent);
  const [message, setMessage] = useState<string | undefined>(posted.errors.message);
  // The inputs' default values: what reset() restores, so emptied once the form went through.
  const [values, setValues] = useState(posted.values);
  const sendAndShow = useCallback(
    async (data: FormData, form: HTMLFormElement) => {
      setConfirmation(null);
      setMessage(undefined);
      const result = await send(data);
      if (result.success) {
        // reset() restores the inputs' defaults, the posted values: dropping them empties the
        // inputs that reset() has made clean again, once React renders this.
        setValues(NO_VALUES);
        form.reset();
        setConfirmation(result.data.message);
      } else {
        setMessage(unplacedMessage(result.error, fields));
      }
      return result;
    },
    [send, fields],
  );
  const form = useAccountForm(fields, sendAndShow, {}, { errors: posted.errors.fields });
  return {
    formRef: form.formRef,
    submitting: form.submitting,
    errors: form.errors,
    onSubmit: form.onSubmit,
    onInput: form.onInput,
    action: pagePathOf(props.action),
    confirmation,
    message,
    values,
  };
}
