import { useCallback, useState } from 'react';
import { SubmitButton, TextAreaField, TextField } from '../account/form-controls.tsx';
import type { FieldErrors } from '../account/field-errors.ts';
import { formText, useAccountForm } from '../account/use-account-form.ts';
import { ApiError, asErrorBody, type ApiErrorBody } from '../api/errors.ts';
import { FormMessage, postedErrorsOf, postedValuesOf, unplacedMessage, type PostedErrors } from '../jobs/form-parts.tsx';
import { sendContact } from '../jobs/forms.ts';

export interface ContactFormProps {
  /** The page's own path (`/contact`): where the form posts without JavaScript. */
  readonly action?: unknown;
  /**
   * The server's answer to that post, when it rendered the page again for it: the
   * confirmation sentence once the message went through (string or null)...
   */
  readonly sent?: unknown;
  /** ...or why not: messages by API field name (`message` is the Message field's), any other key for the form... */
  readonly errors?: unknown;
  /** ...and what was posted, by field name, to fill the form again. */
  readonly values?: unknown;
}

const FIELDS = ['full_name', 'email', 'phone_number', 'subject', 'message'] as const;

/**
 * Where the Message field's messages are read from an error body. The server names them
 * `message`, the key of its sentence about the whole form too: in the API's answer the field's
 * list is written over the sentence, so a list under `message` is the field's and text is the
 * form's; in the props every message is in a list, so `message` is the field's there and the
 * form's own reason comes under any other key that is no field (see postedErrorsOf).
 */
const MESSAGE_ERRORS = 'message[]';
/** The key of each input's messages once the body is read with withMessageErrors. */
const API_NAMES: Readonly<Record<string, string>> = { message: MESSAGE_ERRORS };
const API_FIELDS = FIELDS.map((name) => API_NAMES[name] ?? name);

/** The body with a list under `message` moved to MESSAGE_ERRORS (text stays: the form's sentence). */
function withMessageErrors(body: ApiErrorBody): ApiErrorBody {
  if (!Array.isArray(body.message)) return body;
  const { message: list, ...rest } = body;
  return { ...rest, [MESSAGE_ERRORS]: list };
}

/** A failed call's error read the same way (anything but an ApiError stays as it is). */
const withMessageErrorsOf = (error: unknown): unknown =>
  error instanceof ApiError ? new ApiError(error.status, withMessageErrors(error.body)) : error;

/** Messages keyed by API_FIELDS, keyed by input name. */
function byInputName(errors: FieldErrors): FieldErrors {
  const named: Record<string, string> = {};
  for (const name of FIELDS) {
    const message = errors[API_NAMES[name] ?? name];
    if (message !== undefined) named[name] = message;
  }
  return named;
}

/** The errors the server rendered the page with: each field's first message by input name, or the form's. */
function postedErrorsOfProps(value: unknown): PostedErrors {
  const { fields, message } = postedErrorsOf(withMessageErrors(asErrorBody(value)), API_FIELDS);
  return { fields: byInputName(fields), message };
}

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
      : { sent, errors: postedErrorsOfProps(props.errors), values: postedValuesOf(props.values, FIELDS) };
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
      message: formText(data, 'message').trim(),
    });
    if (!result.success) {
      const error = withMessageErrorsOf(result.error);
      setMessage(unplacedMessage(error, API_FIELDS));
      return { success: false, error } as const;
    }
    // reset() restores the inputs' defaults, the posted values: dropping them empties the
    // inputs that reset() has made clean again, once React renders this.
    setValues(NO_VALUES);
    form.reset();
    setAnswer(result.data.message);
    return result;
  }, []);
  const form = useAccountForm(FIELDS, send, API_NAMES, { errors: posted.errors.fields });

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
      <TextAreaField name="message" label="Message" rows={6} defaultValue={values.message} error={form.errors.message} />
      <FormMessage message={message} />
      <SubmitButton busy={form.submitting}>Send message</SubmitButton>
    </form>
  );
}
