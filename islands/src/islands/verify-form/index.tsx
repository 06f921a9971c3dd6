import { useState } from 'react';
import { resendVerificationCode, verifyEmail } from '../../lib/account/actions.ts';
import { FormReason, SubmitButton, TextField } from '../../lib/account/form-controls.tsx';
import { postedOutcomeOf } from '../../lib/account/posted-outcome.ts';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';

const FIELDS = ['email', 'otp'] as const;

export interface VerifyFormProps {
  /** The address the code went to (the page's `email` query parameter), prefilled. */
  readonly email?: string;
  /**
   * After the form was posted without JavaScript and refused, the server renders the page
   * again with why (messages by field name; any other key for the whole form)...
   */
  readonly errors?: unknown;
  /** ...and what was posted, by field name, to fill the form again (its email wins over `email`). */
  readonly values?: unknown;
}

function send(data: FormData) {
  return verifyEmail({ email: formText(data, 'email').trim(), otp: formText(data, 'otp').trim() });
}

/**
 * /user/verify?email=...: the 6-digit code from the email, and a way to get a new one. Without
 * JavaScript the form posts to the page, which renders it again with the outcome: each field's
 * first message beside it, the form's reason above the buttons, and the form filled with what
 * was posted. "Resend code" is a plain button (type="button"): without JavaScript it does
 * nothing, and it never submits the code.
 */
export default function VerifyForm(props: Record<string, unknown>) {
  // Read once: the server's render and the hydration start from the same props.
  const [posted] = useState(() => postedOutcomeOf(props, FIELDS));
  const email = posted.values.email ?? (typeof props.email === 'string' ? props.email : '');
  const form = useAccountForm(FIELDS, send, {}, { errors: posted.errors.fields, message: posted.errors.message });
  const [resending, setResending] = useState(false);

  const resend = (): void => {
    const input = form.formRef.current?.elements.namedItem('email');
    if (!(input instanceof HTMLInputElement) || resending) return;
    // The address is all a new code needs; the browser says what is wrong with it.
    if (!input.reportValidity()) return;
    setResending(true);
    void resendVerificationCode(input.value.trim()).finally(() => setResending(false));
  };

  return (
    <form className="form" method="post" action="/user/verify" ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
      <TextField
        name="email"
        label="Email address"
        type="email"
        autoComplete="email"
        spellCheck={false}
        defaultValue={email}
        error={form.errors.email}
      />
      <TextField
        name="otp"
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        spellCheck={false}
        hint="The 6 digits from the email, for example 123456."
        defaultValue={posted.values.otp}
        error={form.errors.otp}
      />
      <FormReason message={form.message} />
      <div className="isl-form-actions">
        <SubmitButton busy={form.submitting}>Verify email</SubmitButton>
        <button className="button button--secondary" type="button" onClick={resend} disabled={resending} aria-busy={resending ? true : undefined}>
          Resend code
        </button>
      </div>
    </form>
  );
}
