import { useCallback, useState } from 'react';
import { SubmitButton, TextAreaField, TextField } from '../../lib/account/form-controls.tsx';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';
import { FormMessage, postedErrorsOf, postedValuesOf, unplacedMessage, type PostedErrors } from '../../lib/jobs/form-parts.tsx';
import { sendContact } from '../../lib/jobs/forms.ts';

export interface ContactFormProps {
  /** The page's own path (`/contact`): where the form posts without JavaScript. */
  readonly action?: unknown;
  /**
   * The server's answer to that post, when it rendered the page again for it: the
   * confirmation sentence once the message went through (string or null)...
   */
  readonly sent?: unknown;
  /** ...or why not: messages by API field name (`body` is the Message field's), `message` (or any other key) for the form... */
  readonly errors?: unknown;
  /** ...and what was posted, by field name, to fill the form again. */
  readonly values?: unknown;
}

const FIELDS = ['full_name', 'email', 'phone_number', 'subject', 'body'] as const;

const NO_VALUES: Readonly<Record<string, string>> = {};
const NO_ERRORS: PostedErrors = { fields: {}, message: undefined };

/** The confirmation of a post without JavaScript, or null. */
const sentOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** A same-site path, or undefined (the form then posts to the page it is on). */
const pagePathOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;

/**
 * /contact's "Send us a message": anyone, signed in or not, writes to the team. The server
 * renders this very form, posting to the page, so that it works without JavaScript; once
 * hydrated it is sent as JSON to `POST /api/contact/` instead: 'Message sent successfully', the
 * team's answer above the form and the form cleared; or 'Failed to send message' and the
 * server's messages beside their fields (or above the button when no field has one).
 *
 * After a post without JavaScript the server renders the page again with its outcome in the
 * props, shown as the JavaScript path shows it: the confirmation above an empty form, or the
 * messages beside their fields and the form filled with what was posted. The next submit
 * replaces them.
 */
export default function ContactForm(props: ContactFormProps) {
  // Read once: the server's render and the hydration start from the same props.
  const [posted] = useState(() => {
    const sent = sentOf(props.sent);
    return sent !== null
      ? { sent, errors: NO_ERRORS, values: NO_VALUES }
      : { sent, errors: postedErrorsOf(props.errors, FIELDS), values: postedValuesOf(props.values, FIELDS) };
  });
  const [answer, setAnswer] = useState<string | null>(posted.sent);
  const [message, setMessage] = useState<string | undefined>(posted.errors.message);
  // The inputs' default values: what reset() restores, so emptied once a message is sent.
  const [values, setValues] = useState(posted.values);
  const send = useCallback(async (data: FormData, form: HTMLFormElement) => {
    setAnswer(null);
    setMessage(undefined);
    const result = await sendContact({
      full_name: formText(data, 'full_name').trim(),
      email: formText(data, 'email').trim(),
      phone_number: formText(data, 'phone_number').trim(),
      subject: formText(data, 'subject').trim(),
      body: formText(data, 'body').trim(),
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

  // noValidate: only the server validates (spec section 5), with or without JavaScript.
  return (
    <form
      className="form isl-contact-form"
      method="post"
      action={pagePathOf(props.action)}
      noValidate
      ref={form.formRef}
      onSubmit={form.onSubmit}
      onInput={form.onInput}
    >
      <div aria-live="polite">{answer !== null && <p className="notice">{answer}</p>}</div>
      <TextField name="full_name" label="Your name" autoComplete="name" defaultValue={values.full_name} error={form.errors.full_name} />
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
          required={false}
          hint="Optional: a UK number if you would like us to call you back."
          defaultValue={values.phone_number}
          error={form.errors.phone_number}
        />
      </div>
      <TextField name="subject" label="Subject" defaultValue={values.subject} error={form.errors.subject} />
      <TextAreaField name="body" label="Message" rows={6} defaultValue={values.body} error={form.errors.body} />
      <FormMessage message={message} />
      <SubmitButton busy={form.submitting}>Send message</SubmitButton>
    </form>
  );
}
