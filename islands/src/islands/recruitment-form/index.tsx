import { useCallback, useState } from 'react';
import { SubmitButton, TextAreaField, TextField } from '../../lib/account/form-controls.tsx';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';
import { FormMessage, postedErrorsOf, postedValuesOf, unplacedMessage, type PostedErrors } from '../../lib/jobs/form-parts.tsx';
import { sendRecruitment } from '../../lib/jobs/forms.ts';

export interface RecruitmentFormProps {
  /** The page's own path (`/recruitment-post`, `/form/hire-talent`): where the form posts without JavaScript. */
  readonly action?: unknown;
  /**
   * The server's answer to that post, when it rendered the page again for it: the
   * confirmation sentence once the request went through (string or null)...
   */
  readonly sent?: unknown;
  /** ...or why not: messages by API field name, `message` (or any other key) for the form... */
  readonly errors?: unknown;
  /** ...and what was posted, by field name, to fill the form again. */
  readonly values?: unknown;
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

const NO_VALUES: Readonly<Record<string, string>> = {};
const NO_ERRORS: PostedErrors = { fields: {}, message: undefined };

/** The confirmation of a post without JavaScript, or null. */
const sentOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

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
 *
 * After a post without JavaScript the server renders the page again with its outcome in the
 * props, shown as the JavaScript path shows it: the confirmation above an empty form, or the
 * messages beside their fields and the form filled with what was posted. The next submit
 * replaces them.
 */
export default function RecruitmentForm(props: RecruitmentFormProps) {
  // Read once: the server's render and the hydration start from the same props.
  const [posted] = useState(() => {
    const sent = sentOf(props.sent);
    return sent !== null
      ? { sent, errors: NO_ERRORS, values: NO_VALUES }
      : { sent, errors: postedErrorsOf(props.errors, FIELDS), values: postedValuesOf(props.values, FIELDS) };
  });
  const [answer, setAnswer] = useState<string | null>(posted.sent);
  const [message, setMessage] = useState<string | undefined>(posted.errors.message);
  // The inputs' default values: what reset() restores, so emptied once a request is sent.
  const [values, setValues] = useState(posted.values);
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
      // reset() restores the inputs' defaults, the posted values: dropping them empties the
      // inputs that reset() has made clean again, once React renders this.
      setValues(NO_VALUES);
      form.reset();
      setAnswer(result.data.message);
    } else {
      setMessage(unplacedMessage(result.error, FIELDS));
    }
    return result;
  }, []);
  const form = useAccountForm(FIELDS, send, {}, { errors: posted.errors.fields });

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
        <TextField
          name="company_name"
          label="Company name"
          autoComplete="organization"
          defaultValue={values.company_name}
          error={form.errors.company_name}
        />
        <TextField name="contact_name" label="Your name" autoComplete="name" defaultValue={values.contact_name} error={form.errors.contact_name} />
        <div className="form-row">
          <TextField
            name="email"
            label="Email address"
            type="email"
            autoComplete="email"
            defaultValue={values.email}
            error={form.errors.email}
          />
          <TextField
            name="phone_number"
            label="Phone number"
            type="tel"
            autoComplete="tel"
            defaultValue={values.phone_number}
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
          defaultValue={values.role}
          error={form.errors.role}
        />
        <div className="form-row">
          <TextField
            name="number_of_staff"
            label="Number of staff"
            type="number"
            min="1"
            inputMode="numeric"
            defaultValue={values.number_of_staff}
            error={form.errors.number_of_staff}
          />
          <TextField name="start_date" label="Start date" type="date" defaultValue={values.start_date} error={form.errors.start_date} />
        </div>
        <TextField
          name="location"
          label="Location"
          hint="Town or city, and postcode if you know it."
          defaultValue={values.location}
          error={form.errors.location}
        />
        <TextAreaField
          name="details"
          label="Details"
          required={false}
          hint="Shifts, hours, pay rate, and any qualifications or checks the role needs."
          defaultValue={values.details}
          error={form.errors.details}
        />
      </fieldset>
      <FormMessage message={message} />
      <SubmitButton busy={form.submitting}>Send recruitment request</SubmitButton>
    </form>
  );
}
