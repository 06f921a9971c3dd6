import { register } from '../account/actions.ts';
import { PASSWORD_HINT, SubmitButton, TextField } from '../account/form-controls.tsx';
import { formText, useAccountForm } from '../account/use-account-form.ts';

const FIELDS = ['full_name', 'email', 'phone_number', 'password'] as const;

function send(data: FormData) {
  return register({
    full_name: formText(data, 'full_name').trim(),
    email: formText(data, 'email').trim(),
    phone_number: formText(data, 'phone_number').trim(),
    password: formText(data, 'password'),
  });
}

/** /user/register: creates the account, then goes to /user/verify?email=... for the emailed code. */
export default function RegisterForm() {
  const form = useAccountForm(FIELDS, send);
  return (
    <>
      <form className="form" method="post" action="/user/register" ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
        <TextField name="full_name" label="Full name" autoComplete="name" error={form.errors.full_name} />
        <TextField
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          hint="We send a 6-digit code to this address to check it is yours."
          error={form.errors.email}
        />
        <TextField
          name="phone_number"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          hint="A UK mobile or landline number."
          error={form.errors.phone_number}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={form.errors.password}
        />
        <SubmitButton busy={form.submitting}>Create account</SubmitButton>
      </form>
      <p className="form-links">
        Already registered? <a href="/user/login">Log in</a>
      </p>
    </>
  );
}
