import { useEffect, useId } from 'react';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { fetchJobApplications, withdrawJobApplication } from '../../lib/jobs/tracking.ts';
import type { JobApplicationView } from '../../lib/jobs/types.ts';
import { ConfirmedAction } from '../../lib/member-services/controls.tsx';
import { ukDay } from '../../lib/member-services/uk-dates.ts';
import { fetchProviderApplications, type ProviderApplication } from '../../lib/member-services/provider-records.ts';
import { withdrawProviderApplication } from '../../lib/member-services/providers.ts';
import { RecordListStatus, useRecordList } from '../../lib/member-services/record-list.tsx';
import { useServiceTitle } from '../../lib/member-services/use-service-title.ts';
import { Fact, RecordActions, RecordCard, RecordNote, StatusTag } from '../../lib/record-card/record-card.tsx';
import { restoreSession, useAppStore } from '../../lib/store/index.ts';

/**
 * /user/applications: the jobs the member applied for (`GET /api/service/applications/`) and
 * the services they applied to provide (`GET /api/service/providers/`), each with its status and
 * a way to withdraw it behind a confirmation. The server renders nothing here (the page says,
 * without JavaScript, what it needs); the member guard sends a signed-out visitor to login.
 */
export default function JobApplicationList() {
  const mounted = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);

  useEffect(() => {
    restoreSession();
  }, []);

  if (!mounted || !signedIn) return null;
  return (
    <div className="isl-tracking">
      <JobApplications />
      <ProviderApplications />
    </div>
  );
}

function JobApplications() {
  const headingId = useId();
  const list = useRecordList(fetchJobApplications);
  return (
    <section className="isl-tracking__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Job applications</h2>
      <RecordListStatus load={list.load} what="your job applications" onRetry={list.retry} />
      {list.load.state === 'ready' &&
        (list.load.items.length === 0 ? (
          <div className="empty-state">
            <h3 tabIndex={-1} ref={list.focusAfterRemoval}>
              No job applications yet
            </h3>
            <p>When you apply for a job it shows here, with where your application stands.</p>
            <p className="empty-state-actions">
              <a className="button button--primary" href="/jobs">
                See open jobs
              </a>
            </p>
          </div>
        ) : (
          <ul className="isl-records" aria-label="Your job applications" tabIndex={-1} ref={list.focusAfterRemoval}>
            {list.load.items.map((application) => (
              <JobApplicationItem key={application.id} application={application} onWithdrawn={list.remove} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function JobApplicationItem({ application, onWithdrawn }: { application: JobApplicationView; onWithdrawn: (id: number) => void }) {
  const { job } = application;
  return (
    <RecordCard
      level={3}
      title={<a href={`/apply?id=${job.id}`}>{job.title}</a>}
      tag={<StatusTag status={application.status} />}
      facts={
        <>
          <Fact term="Company">{job.company}</Fact>
          <Fact term="Applied">
            <time dateTime={application.created_at}>{ukDay(application.created_at)}</time>
          </Fact>
        </>
      }
    >
      <RecordNote>
        <a href={application.resume} target="_blank" rel="noopener noreferrer">
          Your CV<span className="visually-hidden"> sent for {job.title} (opens in a new tab)</span>
        </a>
      </RecordNote>
      <RecordActions>
        <ConfirmedAction
          label={
            <>
              Withdraw<span className="visually-hidden"> your application for {job.title}</span>
            </>
          }
          question={`Withdraw your application for ${job.title} at ${job.company}?`}
          confirmLabel="Yes, withdraw it"
          keepLabel="Keep it"
          action={() => withdrawJobApplication(application.id)}
          onDone={() => onWithdrawn(application.id)}
        />
      </RecordActions>
    </RecordCard>
  );
}

function ProviderApplications() {
  const headingId = useId();
  const list = useRecordList(fetchProviderApplications);
  return (
    <section className="isl-tracking__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Service provider applications</h2>
      <RecordListStatus load={list.load} what="your provider applications" onRetry={list.retry} />
      {list.load.state === 'ready' &&
        (list.load.items.length === 0 ? (
          <div className="empty-state">
            <h3 tabIndex={-1} ref={list.focusAfterRemoval}>
              No provider applications yet
            </h3>
            <p>Offer a service you are qualified for and it shows here while we review it.</p>
            <p className="empty-state-actions">
              <a className="button button--primary" href="/become-provider">
                Become a provider
              </a>
            </p>
          </div>
        ) : (
          <ul className="isl-records" aria-label="Your provider applications" tabIndex={-1} ref={list.focusAfterRemoval}>
            {list.load.items.map((application) => (
              <ProviderApplicationItem key={application.id} application={application} onWithdrawn={list.remove} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function ProviderApplicationItem({ application, onWithdrawn }: { application: ProviderApplication; onWithdrawn: (id: number) => void }) {
  const title = useServiceTitle(application.service, undefined);
  return (
    <RecordCard
      level={3}
      title={<a href={`/services/details?id=${application.service}`}>{title}</a>}
      tag={<StatusTag status={application.status} />}
      facts={
        <>
          <Fact term="Applied">
            <time dateTime={application.created_at}>{ukDay(application.created_at)}</time>
          </Fact>
          {application.decision_reason != null && <Fact term="Our reason">{application.decision_reason}</Fact>}
        </>
      }
    >
      <RecordActions>
        <ConfirmedAction
          label={
            <>
              Withdraw<span className="visually-hidden"> your application to provide {title}</span>
            </>
          }
          question={`Withdraw your application to provide ${title}?`}
          confirmLabel="Yes, withdraw it"
          keepLabel="Keep it"
          action={() => withdrawProviderApplication(application.id)}
          onDone={() => onWithdrawn(application.id)}
        />
      </RecordActions>
    </RecordCard>
  );
}

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;
