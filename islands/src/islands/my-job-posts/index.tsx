import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import {
  deleteJobPost,
  fetchJobPostApplications,
  fetchMyJobPosts,
  REVIEW_STATUSES,
  setApplicationStatus,
  type ReviewStatus,
} from '../../lib/jobs/tracking.ts';
import type { JobApplicationView, JobView } from '../../lib/jobs/types.ts';
import { ConfirmedAction } from '../../lib/member-services/controls.tsx';
import { ukDate, ukDay } from '../../lib/member-services/uk-dates.ts';
import { RecordListStatus, useRecordList } from '../../lib/member-services/record-list.tsx';
import { Fact, RecordActions, RecordCard, RecordFacts, RecordHead, RecordNote, StatusTag } from '../../lib/record-card/record-card.tsx';
import { restoreSession, useAppStore } from '../../lib/store/index.ts';

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
  const applicationsId = useId();
  const [showApplications, setShowApplications] = useState(false);
  return (
    <RecordCard
      level={2}
      title={<a href={`/apply?id=${job.id}`}>{job.title}</a>}
      tag={<StatusTag status={job.status} />}
      facts={
        <>
          <Fact term="Posted">
            <time dateTime={job.posted_at}>{ukDate(job.posted_at)}</time>
          </Fact>
          <Fact term="Closes">{job.closes_at === null ? 'No closing date' : <time dateTime={job.closes_at}>{ukDate(job.closes_at)}</time>}</Fact>
        </>
      }
    >
      <RecordActions>
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
      </RecordActions>
      {/* Mounted on opening: each opening asks again, so the CV links (signed for 15 minutes) are fresh. */}
      <div id={applicationsId}>{showApplications && <Applications job={job} />}</div>
    </RecordCard>
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
      <RecordHead level={3} id={nameId} title={name} tag={<StatusTag status={application.status} />} />
      <RecordFacts>
        <Fact term="Email">
          <a href={`mailto:${application.email}`}>{application.email}</a>
        </Fact>
        <Fact term="Phone">
          <a href={`tel:${application.phone_number.replace(/\s+/g, '')}`}>{application.phone_number}</a>
        </Fact>
        <Fact term="Applied">
          <time dateTime={application.created_at}>{ukDay(application.created_at)}</time>
        </Fact>
      </RecordFacts>
      {application.cover_letter.trim() === '' ? (
        <RecordNote>No cover letter.</RecordNote>
      ) : (
        <details className="isl-applicant__letter">
          <summary>
            Cover letter<span className="visually-hidden"> from {name}</span>
          </summary>
          <p>{application.cover_letter}</p>
        </details>
      )}
      <RecordActions>
        <a className="button button--secondary" href={application.resume} target="_blank" rel="noopener noreferrer">
          Download CV<span className="visually-hidden"> of {name} (opens in a new tab)</span>
        </a>
        <StatusChoice application={application} onChanged={onChanged} />
      </RecordActions>
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
