import { login } from '../account/actions.ts';
import { SubmitButton, TextField } from '../account/form-controls.tsx';
import { formText, useAccountForm } from '../account/use-account-form.ts';

const FIELDS = ['email', 'password'] as const;

function send(data: FormData) {
  return login({ email: formText(data, 'email').trim(), password: formText(data, 'password') });
}

/**
 * /user/login: email and password. On success the session starts and the visitor goes to
 * the `redirect` query path (same site only, hash kept) or /user/profile.
 */
export default function LoginForm() {
  const form = useAccountForm(FIELDS, send);
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
