import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { fetchScheduleJobs, fetchTerms, type ScheduledJob, type WorkingTerms } from '../../lib/member-services/schedule.ts';
import { restoreSession, useAppStore } from '../../lib/store/index.ts';
import { CalendarFeed } from './calendar-feed.tsx';
import type { Load } from './load.ts';
import { TermsForm } from './terms-form.tsx';
import { Visits } from './visits.tsx';

/**
 * /user/schedule, for a member approved to provide services: the jobs offered to them (accept
 * or decline) and accepted (hand back, or once started mark done with notes and photos), past
 * jobs with their customers' reviews to answer, their working terms (areas, weekly hours, days off, buffer, notice,
 * jobs a day, a switch that pauses every offer), and their private calendar feed. The server
 * renders nothing here (the page says, without JavaScript, what it needs).
 */
export default function ProviderSchedule() {
  const mounted = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const [terms, setTerms] = useState<Load<WorkingTerms>>({ state: 'loading' });
  const [visits, setVisits] = useState<Load<ScheduledJob[]>>({ state: 'loading' });
  const [pastVisits, setPastVisits] = useState<Load<ScheduledJob[]>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    restoreSession();
  }, []);

  useEffect(() => {
    if (!mounted || !signedIn) return;
    let live = true;
    void fetchTerms().then((result) => {
      if (live) setTerms(result.success ? { state: 'ready', value: result.data } : { state: 'failed' });
    });
    void fetchScheduleJobs('upcoming').then((result) => {
      if (live) setVisits(result.success ? { state: 'ready', value: result.data } : { state: 'failed' });
    });
    void fetchScheduleJobs('past').then((result) => {
      if (live) setPastVisits(result.success ? { state: 'ready', value: result.data } : { state: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [mounted, signedIn, attempt]);

  if (!mounted || !signedIn) return null;
  if (terms.state === 'loading') {
    return (
      <p className="isl-status" role="status">
        Loading your schedule…
      </p>
    );
  }
  if (terms.state === 'failed') {
    return (
      <p className="isl-status" role="status">
        We could not load your schedule.{' '}
        <button className="button button--secondary" type="button" onClick={() => setAttempt((count) => count + 1)}>
          Try again
        </button>
      </p>
    );
  }
  if (terms.value.services.length === 0) {
    return (
      <div className="empty-state">
        <h2>You do not provide a service yet</h2>
        <p>Once staff approve your application to provide a service, set your working terms here and jobs will be offered to you.</p>
        <p>
          <a className="button button--primary" href="/become-provider">
            Become a provider
          </a>
        </p>
      </div>
    );
  }
  return (
    <>
      <Visits heading="Offers and jobs" empty="No jobs yet. Jobs are offered to you when a customer books a free time in your areas and hours." visits={visits} onAnswered={() => setAttempt((count) => count + 1)} />
      <Visits heading="Past jobs" empty="No past jobs yet." visits={pastVisits} onAnswered={() => setAttempt((count) => count + 1)} />
      <TermsForm terms={terms.value} onSaved={(value) => setTerms({ state: 'ready', value })} />
      {terms.value.saved ? <CalendarFeed /> : null}
    </>
  );
}


/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;
