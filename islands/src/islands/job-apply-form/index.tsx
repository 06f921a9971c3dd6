import { useCallback, useEffect, useRef, useState } from 'react';
import { TextAreaField, TextField } from '../../lib/account/form-controls.tsx';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_HINT,
  formFile,
  FormMessage,
  unplacedMessage,
  UploadProgress,
  useProfilePrefill,
} from '../../lib/jobs/form-parts.tsx';
import { applyForJob } from '../../lib/jobs/forms.ts';
import { MemberFields, MemberSubmit } from '../../lib/member-services/controls.tsx';
import { idOf } from '../../lib/member-services/record-id.ts';
import type { ServerTemplate } from '../../lib/server/server-template.ts';
import { useAppStore } from '../../lib/store/index.ts';

export interface JobApplyFormProps {
  /** The job's id (`/apply?id=N`). */
  readonly job?: unknown;
}

const APPLICATIONS_PAGE = '/user/applications';
const FIELDS = ['full_name', 'email', 'phone_number', 'cover_letter', 'resume'] as const;

/**
 * The server renders this island once per shape and fills these props in (see ServerTemplate). The
 * job's id is only shown, in the way back after signing in.
 */
export const serverTemplate: ServerTemplate = { job: 'id' };

/**
 * /apply?id=N: a signed-in member applies for the job with a cover letter and a CV
 * (`POST /api/job-apply/` multipart), a progress bar showing how much is sent. Name, email and
 * phone start from the profile. Sent: the alert 'Job application submitted successfully' and a
 * short confirmation with the way to follow the application. Failure: 'Failed to apply job',
 * the server's messages beside their fields (or above the button when no field has one). The
 * server renders the form as anyone but a member sees it: its fields disabled and, in place of
 * its button, a way to sign in that comes back to this job (the page's `<noscript>` adds that it
 * needs JavaScript). A member's form takes the same room.
 */
export default function JobApplyForm(props: JobApplyFormProps) {
  const job = idOf(props.job);
  // While hydrating, the viewer the markup shows (the store's server snapshot): the markup agrees.
  const member = useAppStore((state) => state.session.accessToken !== null);
  const [sent, setSent] = useState(false);

  if (job === null) return null;
  if (sent) return <Sent />;
  return <ApplicationForm job={job} member={member} onSent={() => setSent(true)} />;
}

function ApplicationForm({ job, member, onSent }: { job: number; member: boolean; onSent: () => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const send = useCallback(
    async (data: FormData) => {
      setMessage(undefined);
      setProgress(0);
      const result = await applyForJob(
        {
          job,
          full_name: formText(data, 'full_name').trim(),
          email: formText(data, 'email').trim(),
          phone_number: formText(data, 'phone_number').trim(),
          cover_letter: formText(data, 'cover_letter').trim(),
          resume: formFile(data, 'resume'),
        },
        setProgress,
      );
      setProgress(null);
      if (result.success) onSent();
      else setMessage(unplacedMessage(result.error, FIELDS));
      return result;
    },
    [job, onSent],
  );
  const form = useAccountForm(FIELDS, send);
  useProfilePrefill(form.formRef);

  // No action or method: only a member's form has a button, and it is sent by JavaScript.
  // noValidate: only the server validates (spec section 5), and its messages stand beside the fields.
  return (
    <form className="form isl-job-apply-form" noValidate ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
      <MemberFields member={member}>
        <TextField name="full_name" label="Full name" autoComplete="name" error={form.errors.full_name} />
        <div className="form-row">
          <TextField name="email" label="Email address" type="email" autoComplete="email" error={form.errors.email} />
          <TextField name="phone_number" label="Phone number" type="tel" autoComplete="tel" error={form.errors.phone_number} />
        </div>
        <TextAreaField
          name="cover_letter"
          label="Cover letter"
          rows={8}
          hint="Tell the employer why the role suits you and when you could start."
          error={form.errors.cover_letter}
        />
        <TextField
          name="resume"
          label="CV"
          type="file"
          accept={DOCUMENT_ACCEPT}
          hint={`${DOCUMENT_HINT} Only the employer sees it.`}
          error={form.errors.resume}
        />
      </MemberFields>
      <UploadProgress fraction={progress} label="Sending your application" />
      <FormMessage message={message} />
      <MemberSubmit
        member={member}
        busy={form.submitting}
        label="Send application"
        signInFor="to apply and follow your application from your account."
        path={`/apply?id=${job}`}
      />
    </form>
  );
}

/** The application went: where to follow it. Focused, so that the reader continues from here. */
function Sent() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="notice isl-form-sent" ref={ref} tabIndex={-1}>
      <p>
        <strong>Your application is sent.</strong> The employer will see your CV and cover letter, and you can follow the application
        from your account.
      </p>
      <p className="notice-actions">
        <a className="button button--primary" href={APPLICATIONS_PAGE}>
          See your applications
        </a>
        <a href="/jobs">Browse more jobs</a>
      </p>
    </div>
  );
}
