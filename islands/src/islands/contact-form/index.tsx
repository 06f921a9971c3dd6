import { SubmitButton, TextAreaField, TextField } from '../../lib/account/form-controls.tsx';
import { useConfirmationForm, type ConfirmationFormProps } from '../../lib/account/use-confirmation-form.ts';
import { formText } from '../../lib/account/use-account-form.ts';
import { FormMessage } from '../../lib/jobs/form-parts.tsx';
import { sendContact } from '../../lib/jobs/forms.ts';

/** Its action is `/contact`; in its errors, `body` is the Message field's. */
export type ContactFormProps = ConfirmationFormProps;

const FIELDS = ['full_name', 'email', 'phone_number', 'subject', 'body'] as const;

function send(data: FormData) {
  return sendContact({
    full_name: formText(data, 'full_name').trim(),
    email: formText(data, 'email').trim(),
    phone_number: formText(data, 'phone_number').trim(),
    subject: formText(data, 'subject').trim(),
    body: formText(data, 'body').trim(),
  });
}

/**
 * /contact's "Send us a message": anyone, signed in or not, writes to the team. Once hydrated it
 * is sent to `POST /api/contact/` (useConfirmationForm): 'Message sent successfully', the team's
 * answer above the form and the form cleared; or 'Failed to send message' and the server's
 * messages beside their fields (or above the button when no field has one). Without
 * JavaScript it posts to the page, which shows the outcome the same way.
 */
export default function ContactForm(props: ContactFormProps) {
  const form = useConfirmationForm(props, FIELDS, send);

  // noValidate: only the server validates (spec section 5), with or without JavaScript.
  return (
    <form
      className="form isl-contact-form"
      method="post"
      action={form.action}
      noValidate
      ref={form.formRef}
      onSubmit={form.onSubmit}
      onInput={form.onInput}
    >
      <div aria-live="polite">{form.confirmation !== null && <p className="notice">{form.confirmation}</p>}</div>
      <TextField name="full_name" label="Your name" autoComplete="name" defaultValue={form.values.full_name} error={form.errors.full_name} />
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
          required={false}
          hint="Optional: a UK number if you would like us to call you back."
          defaultValue={form.values.phone_number}
          error={form.errors.phone_number}
        />
      </div>
      <TextField name="subject" label="Subject" defaultValue={form.values.subject} error={form.errors.subject} />
      <TextAreaField name="body" label="Message" rows={6} defaultValue={form.values.body} error={form.errors.body} />
      <FormMessage message={form.message} />
      <SubmitButton busy={form.submitting}>Send message</SubmitButton>
    </form>
  );
}
