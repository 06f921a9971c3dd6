import { useState } from 'react';
import { register } from '../../lib/account/actions.ts';
import { FormReason, PASSWORD_HINT, SubmitButton, TextField } from '../../lib/account/form-controls.tsx';
import { postedOutcomeOf } from '../../lib/account/posted-outcome.ts';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';

const FIELDS = ['full_name', 'email', 'phone_number', 'password'] as const;
/** The fields filled again after a post without JavaScript: never the password. */
const REFILLED = ['full_name', 'email', 'phone_number'] as const;

export interface RegisterFormProps {
  /**
   * After the form was posted without JavaScript and refused, the server renders the page
   * again with why (messages by field name; any other key for the whole form)...
   */
  readonly errors?: unknown;
  /** ...and what was posted, by field name, to fill the form again (no password). */
  readonly values?: unknown;
}

function send(data: FormData) {
  return register({
    full_name: formText(data, 'full_name').trim(),
    email: formText(data, 'email').trim(),
    phone_number: formText(data, 'phone_number').trim(),
    password: formText(data, 'password'),
  });
}

/**
 * /user/register: creates the account, then goes to /user/verify?email=... for the emailed code.
 * Without JavaScript the form posts to the page, which renders it again with the outcome:
 * each field's first message beside it, the form's reason above the button, and the form
 * filled with what was posted (never the password). The next submit replaces them.
 */
export default function RegisterForm(props: RegisterFormProps) {
  // Read once: the server's render and the hydration start from the same props.
  const [posted] = useState(() => postedOutcomeOf(props, FIELDS, REFILLED));
  const form = useAccountForm(FIELDS, send, {}, { errors: posted.errors.fields, message: posted.errors.message });
  const values = posted.values;
  return (
    <>
      <form className="form" method="post" action="/user/register" ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
        <TextField name="full_name" label="Full name" autoComplete="name" defaultValue={values.full_name} error={form.errors.full_name} />
        <TextField
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          hint="We send a 6-digit code to this address to check it is yours."
          defaultValue={values.email}
          error={form.errors.email}
        />
        <TextField
          name="phone_number"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          hint="A UK mobile or landline number."
          defaultValue={values.phone_number}
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
        <FormReason message={form.message} />
        <SubmitButton busy={form.submitting}>Create account</SubmitButton>
      </form>
      <p className="form-links">
        Already registered? <a href="/user/login">Log in</a>
      </p>
    </>
  );
}
