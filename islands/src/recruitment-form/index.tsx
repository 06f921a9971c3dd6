import { useCallback, useState } from 'react';
import { SubmitButton, TextField } from '../account/form-controls.tsx';
import { formText, useAccountForm } from '../account/use-account-form.ts';
import { FormMessage, unplacedMessage } from '../jobs/form-parts.tsx';
import { sendRecruitment } from '../jobs/forms.ts';
import { TextAreaField } from '../member-services/controls.tsx';

export interface RecruitmentFormProps {
  /** The page's own path (`/recruitment-post`, `/form/hire-talent`): where the form posts without JavaScript. */
  readonly action?: unknown;
}

const FIELDS = [
  'company_name',
  'contact_name',
  'email',
  'phone_number',
  'role',
  'number_of_staff',
  'location',
  'start_date',
  'details',
] as const;

/** A same-site path, or undefined (the form then posts to the page it is on). */
const pagePathOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;

/**
 * /recruitment-post and /form/hire-talent: an organisation, signed in or not, tells the
 * recruitment team who it needs. The server renders this very form, posting to the page, so
 * that it works without JavaScript; once hydrated it is sent as JSON to
 * `POST /api/send-recruitment/` instead: 'Recruitment sent successfully', the team's answer
 * above the form and the form cleared; or 'Failed to send-recruitment' and the server's
 * messages beside their fields (or above the button when no field has one).
 */
export default function RecruitmentForm(props: RecruitmentFormProps) {
  const [answer, setAnswer] = useState<string | null>(null);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const send = useCallback(async (data: FormData, form: HTMLFormElement) => {
    setAnswer(null);
    setMessage(undefined);
    const staff = formText(data, 'number_of_staff').trim();
    const result = await sendRecruitment({
      company_name: formText(data, 'company_name').trim(),
      contact_name: formText(data, 'contact_name').trim(),
      email: formText(data, 'email').trim(),
      phone_number: formText(data, 'phone_number').trim(),
      role: formText(data, 'role').trim(),
      // An empty or unreadable number goes as null (JSON has no NaN): the server names the field.
      number_of_staff: staff === '' ? Number.NaN : Number(staff),
      location: formText(data, 'location').trim(),
      start_date: formText(data, 'start_date'),
      details: formText(data, 'details').trim(),
    });
    if (result.success) {
      form.reset();
      setAnswer(result.data.message);
    } else {
      setMessage(unplacedMessage(result.error, FIELDS));
    }
    return result;
  }, []);
  const form = useAccountForm(FIELDS, send);

  // noValidate: only the server validates (spec section 5), with or without JavaScript. The
  // start date has no `min`: the server's today (QuickJS, UTC) and the browser's may differ
  // around midnight, and the markup must be the same on both sides.
  return (
    <form
      className="form isl-recruitment-form"
      method="post"
      action={pagePathOf(props.action)}
      noValidate
      ref={form.formRef}
      onSubmit={form.onSubmit}
      onInput={form.onInput}
    >
      <div aria-live="polite">{answer !== null && <p className="notice">{answer}</p>}</div>
      <fieldset>
        <legend>About your organisation</legend>
        <TextField name="company_name" label="Company name" autoComplete="organization" error={form.errors.company_name} />
        <TextField name="contact_name" label="Your name" autoComplete="name" error={form.errors.contact_name} />
        <div className="form-row">
          <TextField name="email" label="Email address" type="email" autoComplete="email" error={form.errors.email} />
          <TextField name="phone_number" label="Phone number" type="tel" autoComplete="tel" error={form.errors.phone_number} />
        </div>
      </fieldset>
      <fieldset>
        <legend>The staff you need</legend>
        <TextField
          name="role"
          label="Role"
          hint="For example: care assistant, commercial cleaner, warehouse operative."
          error={form.errors.role}
        />
        <div className="form-row">
          <TextField
            name="number_of_staff"
            label="Number of staff"
            type="number"
            min="1"
            inputMode="numeric"
            error={form.errors.number_of_staff}
          />
          <TextField name="start_date" label="Start date" type="date" error={form.errors.start_date} />
        </div>
        <TextField name="location" label="Location" hint="Town or city, and postcode if you know it." error={form.errors.location} />
        <TextAreaField
          name="details"
          label="Details"
          required={false}
          hint="Shifts, hours, pay rate, and any qualifications or checks the role needs."
          error={form.errors.details}
        />
      </fieldset>
      <FormMessage message={message} />
      <SubmitButton busy={form.submitting}>Send recruitment request</SubmitButton>
    </form>
  );
}
