import { useCallback, useState } from 'react';
import { SubmitButton, TextAreaField, TextField } from '../../lib/account/form-controls.tsx';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { DOCUMENT_ACCEPT, DOCUMENT_HINT, formFile, FormMessage, SelectField, unplacedMessage, UploadProgress } from '../../lib/jobs/form-parts.tsx';
import { postJob } from '../../lib/jobs/forms.ts';
import { EMPLOYMENT_TYPES, SALARY_PERIODS } from '../../lib/jobs/labels.ts';
import { SignInNotice } from '../../lib/member-services/controls.tsx';
import { navigate } from '../../lib/navigation/navigate.ts';
import { useAppStore } from '../../lib/store/index.ts';

const FIELDS = [
  'title',
  'company',
  'location',
  'employment_type',
  'salary_min',
  'salary_max',
  'salary_period',
  'closes_at',
  'description',
  'attachment',
] as const;

/** A job's own page, where it can be read and applied for. */
const jobPage = (id: number): string => `/apply?id=${encodeURIComponent(String(id))}`;

/**
 * /job-post and /form/job-post: a signed-in member posts a job (`POST /api/service/jobs/`
 * multipart, with an optional attachment whose upload a bar shows) and lands on the new job's
 * page. Failure: 'Failed to post job', the server's messages beside their fields (or above the
 * button when no field has one). The server renders nothing here: the page's `<noscript>` says
 * that posting needs JavaScript and sign-in; once hydrated, a signed-out visitor gets a way to
 * sign in and come back to this page.
 */
export default function JobPostForm() {
  const hydrated = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);

  if (!hydrated) return null;
  if (!signedIn) {
    return (
      <SignInNotice
        message="Sign in to post a job, so that applications reach you."
        path={window.location.pathname + window.location.search}
      />
    );
  }
  return <PostForm />;
}

function PostForm() {
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const send = useCallback(async (data: FormData) => {
    setMessage(undefined);
    setProgress(0);
    const result = await postJob(
      {
        title: formText(data, 'title').trim(),
        company: formText(data, 'company').trim(),
        location: formText(data, 'location').trim(),
        employment_type: formText(data, 'employment_type'),
        salary_min: formText(data, 'salary_min').trim(),
        salary_max: formText(data, 'salary_max').trim(),
        salary_period: formText(data, 'salary_period'),
        closes_at: formText(data, 'closes_at'),
        description: formText(data, 'description').trim(),
        attachment: formFile(data, 'attachment'),
      },
      setProgress,
    );
    setProgress(null);
    if (result.success) navigate(jobPage(result.data.id));
    else setMessage(unplacedMessage(result.error, FIELDS));
    return result;
  }, []);
  const form = useAccountForm(FIELDS, send);

  // No action or method: the form only exists with JavaScript, and is sent by it. noValidate:
  // only the server validates (spec section 5), and its messages stand beside the fields.
  return (
    <form className="form isl-job-post-form" noValidate ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
      <fieldset>
        <legend>The role</legend>
        <TextField name="title" label="Job title" error={form.errors.title} />
        <TextField name="company" label="Company" autoComplete="organization" error={form.errors.company} />
        <div className="form-row">
          <TextField name="location" label="Location" hint="Town or city." error={form.errors.location} />
          <SelectField name="employment_type" label="Employment type" options={EMPLOYMENT_TYPES} error={form.errors.employment_type} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Pay and dates</legend>
        {/* No numeric keypad (inputMode): hourly pay has pence, 12.50. */}
        <div className="form-row form-row--3">
          <TextField
            name="salary_min"
            label="Salary from (£)"
            type="number"
            min="0"
            required={false}
            error={form.errors.salary_min}
          />
          <TextField
            name="salary_max"
            label="Salary to (£)"
            type="number"
            min="0"
            required={false}
            error={form.errors.salary_max}
          />
          <SelectField name="salary_period" label="Paid" options={SALARY_PERIODS} error={form.errors.salary_period} />
        </div>
        <TextField name="closes_at" label="Closing date" type="date" error={form.errors.closes_at} />
      </fieldset>
      <fieldset>
        <legend>Description</legend>
        <TextAreaField
          name="description"
          label="Job description"
          rows={8}
          hint="What the job involves, the hours, who you are looking for and the benefits you offer."
          error={form.errors.description}
        />
        <TextField
          name="attachment"
          label="Attachment"
          type="file"
          required={false}
          accept={DOCUMENT_ACCEPT}
          hint={`A full job description or application pack: ${DOCUMENT_HINT}`}
          error={form.errors.attachment}
        />
      </fieldset>
      <UploadProgress fraction={progress} label="Posting your job" />
      <FormMessage message={message} />
      <SubmitButton busy={form.submitting}>Post job</SubmitButton>
    </form>
  );
}

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;
