import { useCallback, useState } from 'react';
import { TextAreaField, TextField } from '../../lib/account/form-controls.tsx';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';
import { DOCUMENT_ACCEPT, DOCUMENT_HINT, formFile, FormMessage, SelectField, unplacedMessage, UploadProgress } from '../../lib/jobs/form-parts.tsx';
import { postJob } from '../../lib/jobs/forms.ts';
import { EMPLOYMENT_TYPES, SALARY_PERIODS } from '../../lib/jobs/labels.ts';
import { MemberFields, MemberSubmit } from '../../lib/member-services/controls.tsx';
import { navigate } from '../../lib/navigation/navigate.ts';
import { useAppStore } from '../../lib/store/index.ts';

const FIELDS = [
  'title',
  'company',
  'location',
  'postcode',
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

export interface JobPostFormProps {
  /** The page's path (/job-post or /form/job-post), where signing in comes back to. */
  readonly page?: unknown;
}

const DEFAULT_PAGE = '/job-post';

/**
 * /job-post and /form/job-post: a signed-in member posts a job (`POST /api/service/jobs/`
 * multipart, with an optional attachment whose upload a bar shows) and lands on the new job's
 * page. Failure: 'Failed to post job', the server's messages beside their fields (or above the
 * button when no field has one). The server renders the form as anyone but a member sees it:
 * its fields disabled and, in place of its button, a way to sign in that comes back to this page
 * (the page's `<noscript>` adds that it needs JavaScript). A member's form takes the same room.
 */
export default function JobPostForm(props: JobPostFormProps) {
  const page = typeof props.page === 'string' && props.page.startsWith('/') ? props.page : DEFAULT_PAGE;
  // While hydrating, the viewer the markup shows (the store's server snapshot): the markup agrees.
  const member = useAppStore((state) => state.session.accessToken !== null);
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
        postcode: formText(data, 'postcode').trim(),
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

  // No action or method: only a member's form has a button, and it is sent by JavaScript.
  // noValidate: only the server validates (spec section 5), and its messages stand beside the fields.
  return (
    <form className="form isl-job-post-form" noValidate ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
      <MemberFields member={member}>
        <fieldset>
          <legend>The role</legend>
          <TextField name="title" label="Job title" error={form.errors.title} />
          <TextField name="company" label="Company" autoComplete="organization" error={form.errors.company} />
          <div className="form-row">
            <TextField name="location" label="Location" hint="Town or city." error={form.errors.location} />
            <TextField
              name="postcode"
              label="Postcode"
              hint="Of the workplace, so that people searching near it find the job. It is not shown on the advert."
              autoComplete="postal-code"
              required={false}
              error={form.errors.postcode}
            />
          </div>
          <SelectField name="employment_type" label="Employment type" options={EMPLOYMENT_TYPES} error={form.errors.employment_type} />
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
      </MemberFields>
      <UploadProgress fraction={progress} label="Posting your job" />
      <FormMessage message={message} />
      <MemberSubmit
        member={member}
        busy={form.submitting}
        label="Post job"
        signInFor="to post a job, so that applications reach you."
        path={page}
      />
    </form>
  );
}
