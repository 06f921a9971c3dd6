import { useEffect, useId, useRef, useState } from 'react';
import { isShownTo } from '../../lib/member-services/audience.ts';
import { ConfirmStep, ukDay } from '../../lib/member-services/controls.tsx';
import {
  fetchProviderApplications,
  onProviderApplied,
  setProviderAvailability,
  withdrawProviderApplication,
  type ProviderApplication,
} from '../../lib/member-services/providers.ts';
import { useServiceTitle } from '../../lib/member-services/use-service-title.ts';
import { Fact, RecordActions, RecordCard, StatusTag } from '../../lib/record-card/record-card.tsx';
import { restoreSession, useAppStore } from '../../lib/store/index.ts';

type Loaded = readonly ProviderApplication[] | 'loading' | 'failed';

/**
 * /become-provider: the member's provider applications, with their status, an availability
 * switch and a way to withdraw; one sent by the form (the `provider-application` island) comes
 * first. Its markup is in the page for anyone, hidden but for a member, for whom the runtime
 * shows it (draw-viewer.ts) so that it takes its room before React loads: when it comes into
 * view.
 */
export default function ProviderApplicationsIsland() {
  // While hydrating, the viewer the markup shows (the store's server snapshot): the markup agrees.
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const [applications, setApplications] = useState<Loaded>('loading');
  // Sent while the list was being fetched: the list may have been read before.
  const sent = useRef<ProviderApplication[]>([]);

  useEffect(() => {
    restoreSession();
  }, []);

  useEffect(
    () =>
      onProviderApplied((application) => {
        sent.current.push(application);
        setApplications((list) => [application, ...(Array.isArray(list) ? list.filter((item) => item.id !== application.id) : [])]);
      }),
    [],
  );

  useEffect(() => {
    if (!signedIn) {
      // Signed out (in another tab, say): nothing of that account stays for the next one.
      sent.current = [];
      setApplications('loading');
      return;
    }
    let live = true;
    void fetchProviderApplications().then((result) => {
      if (!live) return;
      const missing = sent.current.filter((application) => result.success && !result.data.some((item) => item.id === application.id));
      setApplications(result.success ? [...missing.reverse(), ...result.data] : 'failed');
    });
    return () => {
      live = false;
    };
  }, [signedIn]);

  return (
    <Applications
      member={signedIn}
      applications={applications}
      onChange={(changed) => setApplications((list) => (Array.isArray(list) ? list.map((item) => (item.id === changed.id ? changed : item)) : list))}
      onWithdrawn={(id) => {
        sent.current = sent.current.filter((application) => application.id !== id);
        setApplications((list) => (Array.isArray(list) ? list.filter((item) => item.id !== id) : list));
      }}
    />
  );
}

function Applications(props: {
  member: boolean;
  applications: readonly ProviderApplication[] | 'loading' | 'failed';
  onChange: (changed: ProviderApplication) => void;
  onWithdrawn: (id: number) => void;
}) {
  const headingId = useId();
  const { applications } = props;
  return (
    <section className="isl-provider__applications" aria-labelledby={headingId} data-for="member" hidden={!isShownTo('member', props.member)}>
      <h2 id={headingId}>Your provider applications</h2>
      {applications === 'loading' ? (
        <p className="isl-status" role="status">
          Loading your applications…
        </p>
      ) : applications === 'failed' ? (
        <p className="isl-status">We could not load your applications. Reload the page to try again.</p>
      ) : applications.length === 0 ? (
        <p>You have not applied to provide a service yet.</p>
      ) : (
        <ul className="isl-records">
          {applications.map((application) => (
            <ApplicationItem
              key={application.id}
              application={application}
              onChange={props.onChange}
              onWithdrawn={props.onWithdrawn}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ApplicationItem(props: {
  application: ProviderApplication;
  onChange: (changed: ProviderApplication) => void;
  onWithdrawn: (id: number) => void;
}) {
  const { application } = props;
  const title = useServiceTitle(application.service, undefined);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const toggle = (): void => {
    setBusy(true);
    void setProviderAvailability(application.id, !application.availability).then((result) => {
      setBusy(false);
      if (result.success) props.onChange(result.data);
    });
  };

  const withdraw = (): void => {
    setBusy(true);
    void withdrawProviderApplication(application.id).then((result) => {
      if (result.success) {
        props.onWithdrawn(application.id);
        return;
      }
      setBusy(false);
      setConfirming(false);
    });
  };

  return (
    <RecordCard
      level={3}
      title={<a href={`/services/details?id=${application.service}`}>{title}</a>}
      tag={<StatusTag status={application.status} />}
      facts={
        <>
          <Fact term="Experience">
            {application.experience_years} year{application.experience_years === 1 ? '' : 's'}
          </Fact>
          <Fact term="Applied">
            <time dateTime={application.created_at}>{ukDay(application.created_at)}</time>
          </Fact>
        </>
      }
    >
      <label className="choice isl-switch">
        <input type="checkbox" role="switch" checked={application.availability} disabled={busy} onChange={toggle} />{' '}
        Taking bookings<span className="visually-hidden"> for {title}</span>
      </label>
      {confirming ? (
        <ConfirmStep
          question={`Withdraw your application to provide ${title}?`}
          confirmLabel="Yes, withdraw it"
          keepLabel="Keep it"
          busy={busy}
          onConfirm={withdraw}
          onKeep={() => setConfirming(false)}
        />
      ) : (
        <RecordActions>
          <button className="button button--secondary" type="button" disabled={busy} onClick={() => setConfirming(true)}>
            Withdraw<span className="visually-hidden"> your application for {title}</span>
          </button>
        </RecordActions>
      )}
    </RecordCard>
  );
}
