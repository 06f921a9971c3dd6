import { useCallback, useState } from 'react';
import { login } from '../../lib/account/actions.ts';
import { FormReason, SubmitButton, TextField } from '../../lib/account/form-controls.tsx';
import { postedOutcomeOf } from '../../lib/account/posted-outcome.ts';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';
import type { ApiSchemas } from '../../lib/api/types.ts';
import StaffSecondFactor from './staff-second-factor.tsx';

const FIELDS = ['email', 'password'] as const;
/** The field filled again after a post without JavaScript: never the password. */
const REFILLED = ['email'] as const;

export interface LoginFormProps {
  /**
   * When the server renders the page again after a post without JavaScript, or after another
   * account page's (e.g. the email was verified): a notice shown above the form...
   */
  readonly sent?: unknown;
  /** ...why the post was refused (messages by field name; any other key for the whole form)... */
  readonly errors?: unknown;
  /** ...and what was posted, to fill the form again: the email only, never the password. */
  readonly values?: unknown;
}

/**
 * /user/login: email and password. On success the session starts and the visitor goes to
 * the `redirect` query path (same site only, hash kept) or /user/profile; a staff account is
 * asked for its second factor first, which opens the back office. The session lives in the
 * browser, so a post without JavaScript cannot sign in: the server renders the page again
 * with its outcome (a notice above the form, the form's reason above the button, messages
 * beside their fields, the email filled again), which the next submit replaces.
 */
export default function LoginForm(props: LoginFormProps) {
  // Read once: the server's render and the hydration start from the same props.
  const [posted] = useState(() => postedOutcomeOf(props, FIELDS, REFILLED));
  const [secondFactor, setSecondFactor] = useState<ApiSchemas['SecondFactor'] | null>(null);
  const send = useCallback(async (data: FormData) => {
    const result = await login({ email: formText(data, 'email').trim(), password: formText(data, 'password') });
    if (result.success && result.data.second_factor != null) setSecondFactor(result.data.second_factor);
    return result;
  }, []);
  const form = useAccountForm(FIELDS, send, {}, { errors: posted.errors.fields, message: posted.errors.message, notice: posted.sent });
  if (secondFactor !== null) return <StaffSecondFactor step={secondFactor} />;
  return (
    <>
      {form.notice !== null && <p className="notice">{form.notice}</p>}
      <form className="form" method="post" action="/user/login" ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
        <TextField
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          defaultValue={posted.values.email}
          error={form.errors.email}
        />
        <TextField name="password" label="Password" type="password" autoComplete="current-password" error={form.errors.password} />
        <FormReason message={form.message} />
        <SubmitButton busy={form.submitting}>Log in</SubmitButton>
      </form>
      <p className="form-links">
        <a href="/user/forgot-password">Forgotten your password?</a>
        <a href="/user/register">Create an account</a>
      </p>
    </>
  );
}
