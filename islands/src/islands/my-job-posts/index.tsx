import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useHydrated } from '../hooks/use-hydrated.ts';
import {
  deleteJobPost,
  fetchJobPostApplications,
  fetchMyJobPosts,
  REVIEW_STATUSES,
  setApplicationStatus,
  type ReviewStatus,
} from '../jobs/tracking.ts';
import type { JobApplicationView, JobView } from '../jobs/types.ts';
import { ConfirmedAction, ukDate, ukDay } from '../member-services/controls.tsx';
import { RecordListStatus, useRecordList } from '../member-services/record-list.tsx';
import { restoreSession, useAppStore } from '../store/index.ts';

/**
 * /user/my-job-post: the jobs the member posted (`GET /api/service/jobs/?mine=true`), open and
 * closed, each with its dates, the applications it received (loaded when opened, with a status
 * the member sets) and Delete behind a confirmation. The server renders nothing here (the page
 * says, without JavaScript, what it needs); the member guard sends a signed-out visitor to login.
 */
export default function MyJobPosts() {
  const mounted = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);

  useEffect(() => {
    restoreSession();
  }, []);

  if (!mounted || !signedIn) return null;
  return <JobPosts />;
}

function JobPosts() {
  const list = useRecordList(fetchMyJobPosts);
  if (list.load.state !== 'ready') return <RecordListStatus load={list.load} what="your job posts" onRetry={list.retry} />;
  if (list.load.items.length === 0) {
    return (
      <div className="empty-state">
        <h2 tabIndex={-1} ref={list.focusAfterRemoval}>
          No job posts yet
        </h2>
        <p>When you post a job it shows here, with the applications it receives.</p>
        <p className="empty-state-actions">
          <a className="button button--primary" href="/job-post">
            Post a job
          </a>
        </p>
      </div>
    );
  }
  return (
    <ul className="isl-records" aria-label="Your job posts" tabIndex={-1} ref={list.focusAfterRemoval}>
      {list.load.items.map((job) => (
        <JobPostItem key={job.id} job={job} onDeleted={list.remove} />
      ))}
    </ul>
  );
}

function JobPostItem({ job, onDeleted }: { job: JobView; onDeleted: (id: number) => void }) {
  const headingId = useId();
  const applicationsId = useId();
  const [showApplications, setShowApplications] = useState(false);
  return (
    <li className="card isl-record" aria-labelledby={headingId}>
      <div className="isl-record__head">
        <h2 className="isl-record__title" id={headingId}>
          <a href={`/apply?id=${job.id}`}>{job.title}</a>
        </h2>
        <span className={`isl-tag isl-tag--${job.status.toLowerCase()}`}>{job.status}</span>
      </div>
      <dl className="facts isl-record__facts">
        <div>
          <dt>Posted</dt>
          <dd>
            <time dateTime={job.posted_at}>{ukDate(job.posted_at)}</time>
          </dd>
        </div>
        <div>
          <dt>Closes</dt>
          <dd>{job.closes_at === null ? 'No closing date' : <time dateTime={job.closes_at}>{ukDate(job.closes_at)}</time>}</dd>
        </div>
      </dl>
      <div className="isl-record__actions">
        <button
          className="button button--secondary"
          type="button"
          aria-expanded={showApplications}
          aria-controls={applicationsId}
          onClick={() => setShowApplications((shown) => !shown)}
        >
          {`Applications (${job.application_count ?? 0})`}<span className="visually-hidden"> for {job.title}</span>
        </button>
        <ConfirmedAction
          label={
            <>
              Delete<span className="visually-hidden"> your job post {job.title}</span>
            </>
          }
          question={`Delete your job post ${job.title}?`}
          confirmLabel="Yes, delete it"
          keepLabel="Keep it"
          action={() => deleteJobPost(job.id)}
          onDone={() => onDeleted(job.id)}
        />
      </div>
      {/* Mounted on opening: each opening asks again, so the CV links (signed for 15 minutes) are fresh. */}
      <div id={applicationsId}>{showApplications && <Applications job={job} />}</div>
    </li>
  );
}

function Applications({ job }: { job: JobView }) {
  const fetch = useCallback(() => fetchJobPostApplications(job.id), [job.id]);
  const list = useRecordList(fetch);
  if (list.load.state !== 'ready') return <RecordListStatus load={list.load} what="the applications" onRetry={list.retry} />;
  if (list.load.items.length === 0) return <p className="isl-status">No one has applied yet.</p>;
  return (
    <ul className="isl-applicants" aria-label={`Applications for ${job.title}`}>
      {list.load.items.map((application) => (
        <Applicant key={application.id} application={application} onChanged={list.replace} />
      ))}
    </ul>
  );
}

function Applicant({ application, onChanged }: { application: JobApplicationView; onChanged: (changed: JobApplicationView) => void }) {
  const nameId = useId();
  const name = application.full_name;
  return (
    <li className="isl-applicant" aria-labelledby={nameId}>
      <div className="isl-record__head">
        <h3 className="isl-record__title" id={nameId}>
          {name}
        </h3>
        <span className={`isl-tag isl-tag--${application.status.toLowerCase()}`}>{application.status}</span>
      </div>
      <dl className="facts isl-record__facts">
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${application.email}`}>{application.email}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${application.phone_number.replace(/\s+/g, '')}`}>{application.phone_number}</a>
          </dd>
        </div>
        <div>
          <dt>Applied</dt>
          <dd>
            <time dateTime={application.created_at}>{ukDay(application.created_at)}</time>
          </dd>
        </div>
      </dl>
      {application.cover_letter.trim() === '' ? (
        <p className="isl-record__notes">No cover letter.</p>
      ) : (
        <details className="isl-applicant__letter">
          <summary>
            Cover letter<span className="visually-hidden"> from {name}</span>
          </summary>
          <p>{application.cover_letter}</p>
        </details>
      )}
      <div className="isl-record__actions">
        <a className="button button--secondary" href={application.resume} target="_blank" rel="noopener noreferrer">
          Download CV<span className="visually-hidden"> of {name} (opens in a new tab)</span>
        </a>
        <StatusChoice application={application} onChanged={onChanged} />
      </div>
    </li>
  );
}

/** The application's status as its job's owner sets it: Submitted only shows where it starts. */
function StatusChoice({ application, onChanged }: { application: JobApplicationView; onChanged: (changed: JobApplicationView) => void }) {
  const id = useId();
  // The choice shows at once; a refusal puts the saved status back. Not disabled while it is
  // sent, which would take keyboard focus away from the select.
  const [pending, setPending] = useState<ReviewStatus | null>(null);
  const sending = useRef(false);

  const choose = (status: ReviewStatus): void => {
    if (sending.current || status === application.status) return;
    sending.current = true;
    setPending(status);
    void setApplicationStatus(application.id, status).then((result) => {
      sending.current = false;
      setPending(null);
      if (result.success) onChanged(result.data);
    });
  };

  return (
    <div className="field isl-applicant__status">
      <label className="field-label" htmlFor={id}>
        Status<span className="visually-hidden"> of the application from {application.full_name}</span>
      </label>
      <select id={id} value={pending ?? application.status} onChange={(event) => choose(event.currentTarget.value as ReviewStatus)}>
        <option value="Submitted" disabled>
          Submitted
        </option>
        {REVIEW_STATUSES.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
    </div>
  );
}

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;
