import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { SubmitButton, TextAreaField, TextField } from '../../lib/account/form-controls.tsx';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { DOCUMENT_ACCEPT, DOCUMENT_HINT, formFile, UploadProgress, useProfilePrefill } from '../../lib/jobs/form-parts.tsx';
import { registerJobSeeker } from '../../lib/jobs/forms.ts';
import { EMPLOYMENT_TYPES } from '../../lib/jobs/labels.ts';


const FIELDS = ['full_name', 'email', 'phone_number', 'roles', 'locations', 'near', 'within', 'employment_types', 'cv', 'job_alerts'] as const;

/** The distances offered, in miles; 25 unless chosen, as the server's default. */
const DISTANCES = [5, 10, 25, 50] as const;

/**
 * /form/find-job: anyone registers with the agency as a job seeker: the roles and places they
 * want, the kinds of work, their CV, and whether to get an email of new matching jobs
 * (`POST /api/job-seekers/` multipart, a bar showing the upload). A signed-in member's name,
 * email and phone start from the profile. Registered: the server's message as the alert and a
 * confirmation in place of the form. Failure: the server's message (else 'Failed to
 * register') and its messages beside their fields. The server renders the whole form; its button
 * waits for JavaScript, which alone can send the CV (the page's `<noscript>` says how else to).
 */
export default function FindJobForm() {
  const [registered, setRegistered] = useState<string | null>(null);

  if (registered !== null) return <Registered message={registered} />;
  return <RegistrationForm onRegistered={setRegistered} />;
}

function RegistrationForm({ onRegistered }: { onRegistered: (message: string) => void }) {
  const hydrated = useHydrated();
  const [progress, setProgress] = useState<number | null>(null);
  const send = useCallback(
    async (data: FormData) => {
      setProgress(0);
      const result = await registerJobSeeker(
        {
          full_name: formText(data, 'full_name').trim(),
          email: formText(data, 'email').trim(),
          phone_number: formText(data, 'phone_number').trim(),
          roles: formText(data, 'roles').trim(),
          locations: formText(data, 'locations').trim(),
          near: formText(data, 'near').trim(),
          within: formText(data, 'within'),
          employment_types: data.getAll('employment_types').filter((value): value is string => typeof value === 'string'),
          cv: formFile(data, 'cv'),
          job_alerts: data.get('job_alerts') !== null,
        },
        setProgress,
      );
      setProgress(null);
      if (result.success) onRegistered(result.data.message);
      return result;
    },
    [onRegistered],
  );
  const form = useAccountForm(FIELDS, send);
  useProfilePrefill(form.formRef);

  // No action or method: it is sent by JavaScript alone, so its button waits for it. noValidate:
  // only the server validates (spec section 5), and its messages stand beside the fields.
  return (
    <form className="form isl-find-job-form" noValidate ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
      <fieldset>
        <legend>About you</legend>
        <TextField name="full_name" label="Full name" autoComplete="name" error={form.errors.full_name} />
        <div className="form-row">
          <TextField name="email" label="Email address" type="email" autoComplete="email" error={form.errors.email} />
          <TextField name="phone_number" label="Phone number" type="tel" autoComplete="tel" error={form.errors.phone_number} />
        </div>
      </fieldset>
      <fieldset>
        <legend>The work you want</legend>
        <TextAreaField
          name="roles"
          label="Roles"
          rows={3}
          hint="One a line, for example: care assistant."
          error={form.errors.roles}
        />
        <TextAreaField
          name="locations"
          label="Locations"
          rows={3}
          required={false}
          hint="Towns or cities, one a line. Leave empty for anywhere in the UK."
          error={form.errors.locations}
        />
        <div className="form-row">
          <TextField
            name="near"
            label="Near a postcode"
            required={false}
            autoComplete="postal-code"
            hint="Only jobs within the distance below. We keep only its first part, such as LS6."
            error={form.errors.near}
          />
          <DistanceField error={form.errors.within} />
        </div>
        <EmploymentTypes error={form.errors.employment_types} />
      </fieldset>
      <fieldset>
        <legend>Your CV</legend>
        <TextField
          name="cv"
          label="CV"
          type="file"
          accept={DOCUMENT_ACCEPT}
          hint={`${DOCUMENT_HINT} Only our recruitment team sees it.`}
          error={form.errors.cv}
        />
        <div className="field">
          <label className="choice">
            <input type="checkbox" name="job_alerts" value="true" /> Email me new jobs that match (at most once a day)
          </label>
          {form.errors.job_alerts !== undefined && <p className="isl-field-error">{form.errors.job_alerts}</p>}
        </div>
      </fieldset>
      <UploadProgress fraction={progress} label="Sending your CV" />
      <SubmitButton busy={form.submitting} disabled={!hydrated}>
        Register
      </SubmitButton>
    </form>
  );
}

/** How far from the postcode, in miles. */
function DistanceField({ error }: { error: string | undefined }) {
  const id = useId();
  const hasError = error !== undefined;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        Distance
      </label>
      <select id={id} name="within" defaultValue="25" aria-describedby={hasError ? `${id}-error` : undefined} aria-invalid={hasError ? true : undefined}>
        {DISTANCES.map((miles) => (
          <option key={miles} value={String(miles)}>
            Within {miles} miles
          </option>
        ))}
      </select>
      {hasError && (
        <p className="isl-field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The kinds of work, as checkboxes: none ticked means any. */
function EmploymentTypes({ error }: { error: string | undefined }) {
  const id = useId();
  const hasError = error !== undefined;
  return (
    <fieldset className="field choice-group" aria-describedby={hasError ? `${id}-hint ${id}-error` : `${id}-hint`}>
      <legend className="field-label">
        Kinds of work<span className="field-optional"> (optional)</span>
      </legend>
      <p className="field-hint" id={`${id}-hint`}>
        Tick none for any.
      </p>
      {EMPLOYMENT_TYPES.map(([value, text]) => (
        <label key={value} className="choice">
          <input type="checkbox" name="employment_types" value={value} /> {text}
        </label>
      ))}
      {hasError && (
        <p className="isl-field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Registered: the server's message, focused so that the reader continues from here. */
function Registered({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="notice isl-form-sent" ref={ref} tabIndex={-1}>
      <p>
        <strong>You are registered.</strong> {message}
      </p>
      <p className="notice-actions">
        <a className="button button--primary" href="/jobs">
          Browse open jobs
        </a>
      </p>
    </div>
  );
}
