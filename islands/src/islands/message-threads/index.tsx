import { useEffect } from 'react';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { RecordListStatus, useRecordList } from '../../lib/member-services/record-list.tsx';
import { fetchUnreadThreads } from '../../lib/member-services/unread-messages.ts';
import { RecordRow } from '../../lib/record-card/record-card.tsx';
import { restoreSession, useAppStore } from '../../lib/store/index.ts';

/**
 * /user/messages: the threads of the member's bookings and jobs that hold messages they have
 * not read (`GET /api/messages/unread/`), each a link to its thread's page with how many are
 * new. The server renders nothing (the page says, without JavaScript, what it needs).
 */
export default function MessageThreads() {
  const mounted = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);

  useEffect(() => {
    restoreSession();
  }, []);

  if (!mounted || !signedIn) return null;
  return <Threads />;
}

function Threads() {
  const list = useRecordList(fetchUnreadThreads);
  if (list.load.state !== 'ready') return <RecordListStatus load={list.load} what="your messages" onRetry={list.retry} />;
  if (list.load.items.length === 0) {
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
      {list.load.items.map((thread) => (
        <RecordRow key={thread.id} eyebrow={thread.unread === 1 ? '1 new message' : `${thread.unread} new messages`} title={thread.about} href={thread.link} />
      ))}
    </ul>
  );
}

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;
