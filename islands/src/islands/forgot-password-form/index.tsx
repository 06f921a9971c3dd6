import { useEffect, useRef, useState } from 'react';
import { confirmPasswordReset, requestPasswordReset } from '../../lib/account/actions.ts';
import { FormReason, PASSWORD_HINT, SubmitButton, TextField } from '../../lib/account/form-controls.tsx';
import { postedOutcomeOf, sentOf } from '../../lib/account/posted-outcome.ts';
import { formText, useAccountForm, type AccountFormInitial } from '../../lib/account/use-account-form.ts';

const REQUEST_FIELDS = ['email'] as const;
const CONFIRM_FIELDS = ['otp', 'password'] as const;
/** Step 2 is filled again with its code (never the password); the email is its hidden input. */
const CONFIRM_REFILLED = ['otp'] as const;
const PAGE = '/user/forgot-password';

export interface ForgotPasswordFormProps {
  /**
   * After a post without JavaScript the server renders the page again with its outcome: a
   * notice once a code was sent (then step 2 is rendered, for `values.email`)...
   */
  readonly sent?: unknown;
  /** ...why the post was refused (messages by field name; any other key for the whole form)... */
  readonly errors?: unknown;
  /** ...and what was posted, by field name: the email (step 2's hidden one too) and the code. */
  readonly values?: unknown;
}

interface RequestStepProps {
  readonly defaultEmail: string;
  /** Back from step 2: focus the email field. */
  readonly focusEmail: boolean;
  readonly onSent: (email: string) => void;
  /** The outcome of a post without JavaScript, on the page's first render only. */
  readonly initial: AccountFormInitial;
}

function RequestStep({ defaultEmail, focusEmail, onSent, initial }: RequestStepProps) {
  const form = useAccountForm(
    REQUEST_FIELDS,
    async (data) => {
      const email = formText(data, 'email').trim();
      const result = await requestPasswordReset(email);
      if (result.success) onSent(email);
      return result;
    },
    {},
    initial,
  );
  const formRef = form.formRef;
  useEffect(() => {
    if (focusEmail) formRef.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
  }, [focusEmail, formRef]);
  return (
    <form className="form" method="post" action={PAGE} ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
      <TextField
        name="email"
        label="Email address"
        type="email"
        autoComplete="email"
        spellCheck={false}
        defaultValue={defaultEmail}
        error={form.errors.email}
      />
      <FormReason message={form.message} />
      <SubmitButton busy={form.submitting}>Send reset code</SubmitButton>
    </form>
  );
}

interface ConfirmStepProps {
  readonly email: string;
  readonly onChangeEmail: () => void;
  /** Reached from step 1 in the browser: focus moves to the explanation (not when the server rendered this step). */
  readonly focusIntro: boolean;
  /** The outcome of a post without JavaScript, on the page's first render only. */
  readonly initial: AccountFormInitial;
  /** The code posted with it, to fill the field again. */
  readonly defaultOtp: string | undefined;
}

function ConfirmStep({ email, onChangeEmail, focusIntro, initial, defaultOtp }: ConfirmStepProps) {
  const form = useAccountForm(
    CONFIRM_FIELDS,
    (data) => confirmPasswordReset({ email, otp: formText(data, 'otp').trim(), password: formText(data, 'password') }),
    {},
    initial,
  );
  const intro = useRef<HTMLParagraphElement | null>(null);
  // The form changed under the visitor's focus: start them at the explanation of step 2.
  useEffect(() => {
    if (focusIntro) intro.current?.focus();
  }, [focusIntro]);
  return (
    <>
      {form.notice !== null && <p className="notice">{form.notice}</p>}
      <form className="form" method="post" action={PAGE} ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
        <p className="isl-step-intro" ref={intro} tabIndex={-1}>
          We have emailed a 6-digit code to <strong>{email}</strong>. Enter it with your new password. The code is
          valid for 10 minutes.
        </p>
        <input type="hidden" name="email" value={email} />
        <TextField
          name="otp"
          label="Reset code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          spellCheck={false}
          defaultValue={defaultOtp}
          error={form.errors.otp}
        />
        <TextField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={form.errors.password}
        />
        <FormReason message={form.message} />
        <div className="isl-form-actions">
          <SubmitButton busy={form.submitting}>Reset password</SubmitButton>
          {/* A link, so that it also works without JavaScript: the page's first step. */}
          <a
            className="button button--ghost"
            href="/user/forgot-password"
            onClick={(event) => {
              event.preventDefault();
              onChangeEmail();
            }}
          >
            Use another email address
          </a>
        </div>
      </form>
    </>
  );
}

/** Where the page starts: step 1, or step 2 once a post without JavaScript has sent a code. */
type Start =
  | { readonly step: 'request'; readonly email: string; readonly initial: AccountFormInitial }
  | { readonly step: 'confirm'; readonly email: string; readonly otp: string | undefined; readonly initial: AccountFormInitial };

function startOf(props: ForgotPasswordFormProps): Start {
  const email = postedOutcomeOf(props, [], REQUEST_FIELDS).values.email ?? '';
  // Step 2 needs the address the code went to: without one, step 1 asks for it again.
  if (sentOf(props.sent) !== null && email.trim() !== '') {
    const { sent, errors, values } = postedOutcomeOf(props, CONFIRM_FIELDS, CONFIRM_REFILLED);
    return { step: 'confirm', email: email.trim(), otp: values.otp, initial: { errors: errors.fields, message: errors.message, notice: sent } };
  }
  const { errors } = postedOutcomeOf(props, REQUEST_FIELDS);
  return { step: 'request', email, initial: { errors: errors.fields, message: errors.message } };
}

const NO_OUTCOME: AccountFormInitial = {};

/**
 * /user/forgot-password in two steps: the email (a code is sent), then the code and the new
 * password (success goes to /user/login). Both steps post to the page without JavaScript
 * (step 2 with the email as a hidden input); the server renders the page again with the
 * outcome: step 1 with its messages and the email posted, or, once it sent a code (`sent`, a
 * notice), step 2 for `values.email` with the notice and its messages. With JavaScript each
 * step calls the API instead, from whichever step the server rendered.
 */
export default function ForgotPasswordForm(props: ForgotPasswordFormProps) {
  // Read once: the server's render and the hydration start from the same props.
  const [start] = useState(() => startOf(props));
  const [email, setEmail] = useState<string | null>(start.step === 'confirm' ? start.email : null);
  const [lastEmail, setLastEmail] = useState(start.email);
  // The posted outcome belongs to the step the page was rendered with; moving on drops it.
  const [initial, setInitial] = useState(start.initial);
  // Whether the current step was reached in the browser (focus moves to it), not rendered by the server.
  const [moved, setMoved] = useState(false);
  const move = (next: string | null): void => {
    setInitial(NO_OUTCOME);
    setMoved(true);
    setEmail(next);
  };
  return (
    <>
      {email === null ? (
        <RequestStep
          defaultEmail={lastEmail}
          focusEmail={moved}
          initial={initial}
          onSent={(sent) => {
            setLastEmail(sent);
            move(sent);
          }}
        />
      ) : (
        <ConfirmStep
          email={email}
          focusIntro={moved}
          initial={initial}
          defaultOtp={start.step === 'confirm' && !moved ? start.otp : undefined}
          onChangeEmail={() => move(null)}
        />
      )}
      <p className="form-links">
        Remembered it? <a href="/user/login">Log in</a>
      </p>
    </>
  );
}
