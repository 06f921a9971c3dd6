import { changePassword } from '../account/actions.ts';
import { PASSWORD_HINT, SubmitButton, TextField } from '../account/form-controls.tsx';
import { formText, useAccountForm } from '../account/use-account-form.ts';

const FIELDS = ['current_password', 'new_password'] as const;
// The API names the current password old_password.
const API_NAMES = { current_password: 'old_password' } as const;

async function send(data: FormData, form: HTMLFormElement) {
  const result = await changePassword({
    current_password: formText(data, 'current_password'),
    new_password: formText(data, 'new_password'),
  });
  if (result.success) form.reset();
  return result;
}

/** /user/change-password (signed in): current and new password. */
export default function ChangePasswordForm() {
  const form = useAccountForm(FIELDS, send, API_NAMES);
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
      <SubmitButton busy={form.submitting}>Change password</SubmitButton>
    </form>
  );
}
