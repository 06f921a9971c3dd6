import { updateProfile } from '../../lib/account/actions.ts';
import { SubmitButton, TextField } from '../../lib/account/form-controls.tsx';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';
import type { User } from '../../lib/store/app-state.ts';

const EDITABLE = ['full_name', 'phone_number', 'address_line_1', 'postcode', 'city', 'country', 'date_of_birth'] as const;
const FIELDS = ['email', ...EDITABLE] as const;

function send(data: FormData) {
  const body = new FormData();
  // Every editable field, so that emptying one clears it (an empty date of birth too).
  for (const name of EDITABLE) body.append(name, formText(data, name).trim());
  return updateProfile(body);
}

const text = (value: string | null | undefined): string => value ?? '';

/**
 * The user's details: a multipart `PATCH /api/auth/profile/` of the text fields (the email is
 * read-only and not sent; the phone number cannot be emptied, so it is required).
 */
export function DetailsForm({ user }: { user: User }) {
  const form = useAccountForm(FIELDS, send);
  return (
    <form className="form" method="post" action="/user/profile" ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
      <TextField name="full_name" label="Full name" autoComplete="name" defaultValue={text(user.full_name)} error={form.errors.full_name} />
      <TextField
        name="email"
        label="Email address"
        type="email"
        autoComplete="email"
        readOnly
        hint="Your sign-in address; it cannot be changed here."
        defaultValue={text(user.email)}
        error={form.errors.email}
      />
      <TextField
        name="phone_number"
        label="Phone number"
        type="tel"
        autoComplete="tel"
        hint="A UK mobile or landline number."
        defaultValue={text(user.phone_number)}
        error={form.errors.phone_number}
      />
      <TextField
        name="address_line_1"
        label="Address"
        autoComplete="address-line1"
        required={false}
        defaultValue={text(user.address_line_1)}
        error={form.errors.address_line_1}
      />
      <div className="form-row form-row--3">
        <TextField
          name="postcode"
          label="Postcode"
          autoComplete="postal-code"
          required={false}
          defaultValue={text(user.postcode)}
          error={form.errors.postcode}
        />
        <TextField name="city" label="Town or city" autoComplete="address-level2" required={false} defaultValue={text(user.city)} error={form.errors.city} />
        <TextField name="country" label="Country" autoComplete="country-name" required={false} defaultValue={text(user.country)} error={form.errors.country} />
      </div>
      <TextField
        name="date_of_birth"
        label="Date of birth"
        type="date"
        autoComplete="bday"
        required={false}
        defaultValue={text(user.date_of_birth)}
        error={form.errors.date_of_birth}
      />
      <SubmitButton busy={form.submitting}>Save details</SubmitButton>
    </form>
  );
}
