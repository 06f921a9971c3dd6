import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useMarkupViewer } from '../../lib/hooks/viewer-context.ts';
import { isShownTo } from '../../lib/member-services/audience.ts';
import { ConfirmStep } from '../../lib/member-services/controls.tsx';
import {
  forgetProviderApplication,
  loadMemberProviderApplications,
  memberProviderApplications,
  replaceProviderApplication,
  subscribeProviderApplications,
} from '../../lib/member-services/provider-application-list.ts';
import { applicationHeadingId, experienceText, serviceTitleOf } from '../../lib/member-services/provider-application-look.ts';
import type { MemberProviderApplications } from '../../lib/member-services/provider-application-state.ts';
import type { ProviderApplication } from '../../lib/member-services/provider-records.ts';
import { setProviderAvailability, withdrawProviderApplication } from '../../lib/member-services/providers.ts';
import { ukDay } from '../../lib/member-services/uk-dates.ts';
import { Fact, RecordActions, RecordCard, StatusTag } from '../../lib/record-card/record-card.tsx';
import { restoreSession, useAppStore } from '../../lib/store/index.ts';

/**
 * /become-provider: the member's provider applications, with their status, an availability
 * switch and a way to withdraw; one sent by the form (the `provider-application` island) comes
 * first. Its markup is in the page for anyone, hidden but for a member, for whom the runtime
 * draws the list without React (draw-viewer.ts) until it is first reached for.
 */
export default function ProviderApplicationsIsland() {
  // While hydrating, the viewer and the list the markup shows: the markup agrees.
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const viewer = useMarkupViewer();
  const list = useSyncExternalStore(subscribeProviderApplications, memberProviderApplications, () => viewer.providerApplications);

  useEffect(() => {
    restoreSession();
  }, []);

  useEffect(() => {
    if (signedIn) void loadMemberProviderApplications();
  }, [signedIn, list.status]);

  return <Applications member={signedIn} list={list} />;
}

function Applications({ member, list }: { member: boolean; list: MemberProviderApplications }) {
  const headingId = useId();
  return (
    <section className="isl-provider__applications" aria-labelledby={headingId} data-for="member" hidden={!isShownTo('member', member)}>
      <h2 id={headingId}>Your provider applications</h2>
      {list.status === 'idle' || list.status === 'loading' ? (
        <p className="isl-status" role="status">
          Loading your applications…
        </p>
      ) : list.status === 'failed' ? (
        <p className="isl-status">We could not load your applications. Reload the page to try again.</p>
      ) : list.items.length === 0 ? (
        <p>You have not applied to provide a service yet.</p>
      ) : (
        <ul className="isl-records">
          {list.items.map((application) => (
            <ApplicationItem key={application.id} application={application} title={serviceTitleOf(list, application)} />
          ))}
        </ul>
      )}
    </section>
  );
}

// Its markup is also drawn without React (provider-application-look.ts): each element holds
// one text, so that the drawing's text nodes are React's.
function ApplicationItem({ application, title }: { application: ProviderApplication; title: string }) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const toggle = (): void => {
    setBusy(true);
    void setProviderAvailability(application.id, !application.availability).then((result) => {
      setBusy(false);
      if (result.success) replaceProviderApplication(result.data);
    });
  };

  const withdraw = (): void => {
    setBusy(true);
    void withdrawProviderApplication(application.id).then((result) => {
      if (result.success) {
        forgetProviderApplication(application.id);
        return;
      }
      setBusy(false);
      setConfirming(false);
    });
  };

  return (
    <RecordCard
      level={3}
      headingId={applicationHeadingId(application)}
      title={<a href={`/services/details?id=${application.service}`}>{title}</a>}
      tag={<StatusTag status={application.status} />}
      facts={
        <>
          <Fact term="Experience">{experienceText(application)}</Fact>
          <Fact term="Applied">
            <time dateTime={application.created_at}>{ukDay(application.created_at)}</time>
          </Fact>
        </>
      }
    >
      <label className="choice isl-switch">
        <input type="checkbox" role="switch" checked={application.availability} disabled={busy} onChange={toggle} />
        {' Taking bookings'}
        <span className="visually-hidden">{` for ${title}`}</span>
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
            Withdraw<span className="visually-hidden">{` your application for ${title}`}</span>
          </button>
        </RecordActions>
      )}
    </RecordCard>
  );
}
