import { useEffect, useRef, useState } from 'react';
import { confirmPasswordReset, requestPasswordReset } from '../account/actions.ts';
import { PASSWORD_HINT, SubmitButton, TextField } from '../account/form-controls.tsx';
import { formText, useAccountForm } from '../account/use-account-form.ts';

const REQUEST_FIELDS = ['email'] as const;
const CONFIRM_FIELDS = ['otp', 'password'] as const;

interface RequestStepProps {
  readonly defaultEmail: string;
  /** Back from step 2: focus the email field. */
  readonly focusEmail: boolean;
  readonly onSent: (email: string) => void;
}

function RequestStep({ defaultEmail, focusEmail, onSent }: RequestStepProps) {
  const form = useAccountForm(REQUEST_FIELDS, async (data) => {
    const email = formText(data, 'email').trim();
    const result = await requestPasswordReset(email);
    if (result.success) onSent(email);
    return result;
  });
  const formRef = form.formRef;
  useEffect(() => {
    if (focusEmail) formRef.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
  }, [focusEmail, formRef]);
  return (
    <form className="form" method="post" action="/user/forgot-password" ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
      <TextField
        name="email"
        label="Email address"
        type="email"
        autoComplete="email"
        spellCheck={false}
        defaultValue={defaultEmail}
        error={form.errors.email}
      />
      <SubmitButton busy={form.submitting}>Send reset code</SubmitButton>
    </form>
  );
}

function ConfirmStep({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const form = useAccountForm(CONFIRM_FIELDS, (data) =>
    confirmPasswordReset({ email, otp: formText(data, 'otp').trim(), password: formText(data, 'password') }),
  );
  const intro = useRef<HTMLParagraphElement | null>(null);
  // The form changed under the visitor's focus: start them at the explanation of step 2.
  useEffect(() => intro.current?.focus(), []);
  return (
    <form className="form" method="post" action="/user/forgot-password" ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
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
      <div className="isl-form-actions">
        <SubmitButton busy={form.submitting}>Reset password</SubmitButton>
        <button className="button button--ghost" type="button" onClick={onChangeEmail}>
          Use another email address
        </button>
      </div>
    </form>
  );
}

/**
 * /user/forgot-password in two steps: the email (a code is sent), then the code and the new
 * password (success goes to /user/login). The server renders step 1.
 */
export default function ForgotPasswordForm() {
  const [email, setEmail] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState('');
  return (
    <>
      {email === null ? (
        <RequestStep
          defaultEmail={lastEmail}
          focusEmail={lastEmail !== ''}
          onSent={(sent) => {
            setLastEmail(sent);
            setEmail(sent);
          }}
        />
      ) : (
        <ConfirmStep email={email} onChangeEmail={() => setEmail(null)} />
      )}
      <p className="form-links">
        Remembered it? <a href="/user/login">Log in</a>
      </p>
    </>
  );
}
