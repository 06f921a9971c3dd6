import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { fetchUnreadMessages, type UnreadMessages } from '../../lib/member-services/unread-messages.ts';
import { RecordRow } from '../../lib/record-card/record-card.tsx';
import { restoreSession, useAppStore } from '../../lib/store/index.ts';

type Load = { readonly state: 'loading' } | { readonly state: 'failed' } | { readonly state: 'ready'; readonly unread: UnreadMessages };

/**
 * /user/messages: the threads of the member's bookings and jobs that hold messages they have
 * not read (`GET /api/messages/unread/`), each a link to its thread's page with how many are
 * new. The server renders nothing (the page says, without JavaScript, what it needs).
 */
export default function MessageThreads() {
  const mounted = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    restoreSession();
  }, []);

  useEffect(() => {
    if (!mounted || !signedIn) return;
    let live = true;
    setLoad({ state: 'loading' });
    void fetchUnreadMessages().then((result) => {
      if (live) setLoad(result.success ? { state: 'ready', unread: result.data } : { state: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [mounted, signedIn, attempt]);

  if (!mounted || !signedIn) return null;
  if (load.state === 'loading') {
    return (
      <p className="isl-status" role="status">
        Loading your messages…
      </p>
    );
  }
  if (load.state === 'failed') {
    return (
      <p className="isl-status" role="status">
        We could not load your messages.{' '}
        <button className="button button--secondary" type="button" onClick={() => setAttempt((count) => count + 1)}>
          Try again
        </button>
      </p>
    );
  }
  if (load.unread.bookings.length === 0) {
    return (
      <div className="empty-state">
        <h2>No new messages</h2>
        <p>
          Each booking on <a href="/user/bookings">your bookings</a>, and each job on <a href="/user/schedule">your schedule</a>, links to its messages.
        </p>
      </div>
    );
  }
  return (
    <ul className="isl-records" aria-label="Bookings with new messages">
      {load.unread.bookings.map((thread) => (
        <RecordRow key={thread.booking} eyebrow={thread.unread === 1 ? '1 new message' : `${thread.unread} new messages`} title={thread.about} href={thread.link} />
      ))}
    </ul>
  );
}

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;
