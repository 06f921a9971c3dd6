import { useState } from 'react';
import { changePassword } from '../../lib/account/actions.ts';
import { FormReason, PASSWORD_HINT, SubmitButton, TextField } from '../../lib/account/form-controls.tsx';
import { postedOutcomeOf } from '../../lib/account/posted-outcome.ts';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';

const FIELDS = ['current_password', 'new_password'] as const;
// The API names the current password old_password.
const API_NAMES = { current_password: 'old_password' } as const;
/** The keys a posted message may be placed under: the inputs' names and the API's. */
const POSTED_FIELDS = [...FIELDS, API_NAMES.current_password] as const;

export interface ChangePasswordFormProps {
  /**
   * After the form was posted without JavaScript, the server renders the page again with why
   * it was not taken: a reason for the whole form under any key that is no field (it needs
   * JavaScript and sign-in), or messages by field name.
   */
  readonly errors?: unknown;
}

async function send(data: FormData, form: HTMLFormElement) {
  const result = await changePassword({
    current_password: formText(data, 'current_password'),
    new_password: formText(data, 'new_password'),
  });
  if (result.success) form.reset();
  return result;
}

/**
 * /user/change-password (signed in): current and new password. Without JavaScript it posts to
 * the page, which answers with the reason above the button (the session lives in the
 * browser); the passwords are never filled again.
 */
export default function ChangePasswordForm(props: ChangePasswordFormProps) {
  // Read once: the server's render and the hydration start from the same props.
  const [posted] = useState(() => {
    const { fields, message } = postedOutcomeOf(props, POSTED_FIELDS, []).errors;
    const current = fields.current_password ?? fields.old_password;
    const placed: Record<string, string> = {};
    if (current !== undefined) placed.current_password = current;
    if (fields.new_password !== undefined) placed.new_password = fields.new_password;
    return { fields: placed, message };
  });
  const form = useAccountForm(FIELDS, send, API_NAMES, { errors: posted.fields, message: posted.message });
  return (
    <form className="form" method="post" action="/user/change-password" ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
      <TextField
        name="current_password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={form.errors.current_password}
      />
      <TextField
        name="new_password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={form.errors.new_password}
      />
      <FormReason message={form.message} />
      <SubmitButton busy={form.submitting}>Change password</SubmitButton>
    </form>
  );
}
