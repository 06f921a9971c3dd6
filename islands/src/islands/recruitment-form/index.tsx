import { SubmitButton, TextAreaField, TextField } from '../../lib/account/form-controls.tsx';
import { useConfirmationForm, type ConfirmationFormProps } from '../../lib/account/use-confirmation-form.ts';
import { formText } from '../../lib/account/use-account-form.ts';
import { FormMessage } from '../../lib/jobs/form-parts.tsx';
import { sendRecruitment } from '../../lib/jobs/forms.ts';

/** Its action is the page's own path: `/recruitment-post` or `/form/hire-talent`. */
export type RecruitmentFormProps = ConfirmationFormProps;

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

function send(data: FormData) {
  const staff = formText(data, 'number_of_staff').trim();
  return sendRecruitment({
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
}

/**
 * /recruitment-post and /form/hire-talent: an organisation, signed in or not, tells the
 * recruitment team who it needs. Once hydrated it is sent to `POST /api/send-recruitment/`
 * (useConfirmationForm): 'Recruitment sent successfully', the team's answer above the form and
 * the form cleared; or 'Failed to send-recruitment' and the server's messages beside their
 * fields (or above the button when no field has one). Without JavaScript it posts to the
 * page, which shows the outcome the same way.
 */
export default function RecruitmentForm(props: RecruitmentFormProps) {
  const form = useConfirmationForm(props, FIELDS, send);

  // noValidate: only the server validates (spec section 5), with or without JavaScript. The
  // start date has no `min`: the server's today (QuickJS, UTC) and the browser's may differ
  // around midnight, and the markup must be the same on both sides.
  return (
    <form
      className="form isl-recruitment-form"
      method="post"
      action={form.action}
      noValidate
      ref={form.formRef}
      onSubmit={form.onSubmit}
      onInput={form.onInput}
    >
      <div aria-live="polite">{form.confirmation !== null && <p className="notice">{form.confirmation}</p>}</div>
      <fieldset>
        <legend>About your organisation</legend>
        <TextField
          name="company_name"
          label="Company name"
          autoComplete="organization"
          defaultValue={form.values.company_name}
          error={form.errors.company_name}
        />
        <TextField name="contact_name" label="Your name" autoComplete="name" defaultValue={form.values.contact_name} error={form.errors.contact_name} />
        <div className="form-row">
          <TextField
            name="email"
            label="Email address"
            type="email"
            autoComplete="email"
            defaultValue={form.values.email}
            error={form.errors.email}
          />
          <TextField
            name="phone_number"
            label="Phone number"
            type="tel"
            autoComplete="tel"
            defaultValue={form.values.phone_number}
            error={form.errors.phone_number}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>The staff you need</legend>
        <TextField
          name="role"
          label="Role"
          hint="For example: care assistant, commercial cleaner, warehouse operative."
          defaultValue={form.values.role}
          error={form.errors.role}
        />
        <div className="form-row">
          <TextField
            name="number_of_staff"
            label="Number of staff"
            type="number"
            min="1"
            inputMode="numeric"
            defaultValue={form.values.number_of_staff}
            error={form.errors.number_of_staff}
          />
          <TextField name="start_date" label="Start date" type="date" defaultValue={form.values.start_date} error={form.errors.start_date} />
        </div>
        <TextField
          name="location"
          label="Location"
          hint="Town or city, and postcode if you know it."
          defaultValue={form.values.location}
          error={form.errors.location}
        />
        <TextAreaField
          name="details"
          label="Details"
          required={false}
          hint="Shifts, hours, pay rate, and any qualifications or checks the role needs."
          defaultValue={form.values.details}
          error={form.errors.details}
        />
      </fieldset>
      <FormMessage message={form.message} />
      <SubmitButton busy={form.submitting}>Send recruitment request</SubmitButton>
    </form>
  );
}
