import { useCallback, useState } from 'react';
import { login } from '../account/actions.ts';
import { SubmitButton, TextField } from '../account/form-controls.tsx';
import { formText, useAccountForm } from '../account/use-account-form.ts';
import type { ApiSchemas } from '../api/types.ts';
import StaffSecondFactor from './staff-second-factor.tsx';

const FIELDS = ['email', 'password'] as const;

/**
 * /user/login: email and password. On success the session starts and the visitor goes to
 * the `redirect` query path (same site only, hash kept) or /user/profile; a staff account is
 * asked for its second factor first, which opens the back office.
 */
export default function LoginForm() {
  const [secondFactor, setSecondFactor] = useState<ApiSchemas['SecondFactor'] | null>(null);
  const send = useCallback(async (data: FormData) => {
    const result = await login({ email: formText(data, 'email').trim(), password: formText(data, 'password') });
    if (result.success && result.data.second_factor != null) setSecondFactor(result.data.second_factor);
    return result;
  }, []);
  const form = useAccountForm(FIELDS, send);
  if (secondFactor !== null) return <StaffSecondFactor step={secondFactor} />;
  return (
    <>
      <form className="form" method="post" action="/user/login" ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
        <TextField name="email" label="Email address" type="email" autoComplete="email" spellCheck={false} error={form.errors.email} />
        <TextField name="password" label="Password" type="password" autoComplete="current-password" error={form.errors.password} />
        <SubmitButton busy={form.submitting}>Log in</SubmitButton>
      </form>
      <p className="form-links">
        <a href="/user/forgot-password">Forgotten your password?</a>
        <a href="/user/register">Create an account</a>
      </p>
    </>
  );
}
