import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { linkOf, loadMemberBookmarks, removeBookmark, type BookmarkTarget } from '../../lib/member-services/bookmarks.ts';
import { MEMBER_ALERTS } from '../../lib/member-services/messages.ts';
import { useLocalBookmarks, useMemberBookmarks } from '../../lib/member-services/use-bookmarks.ts';
import { loginUrlReturningTo } from '../../lib/navigation/redirect.ts';
import { RecordRow } from '../../lib/record-card/record-card.tsx';
import { restoreSession, showAlert, useAppStore } from '../../lib/store/index.ts';

interface Row extends BookmarkTarget {
  readonly key: string;
  readonly title: string;
  readonly link: string;
}

const PAGE = '/bookmarks';

/**
 * /bookmarks: a member's saved services and jobs from the account (`GET /api/bookmarks/`), a
 * visitor's from this browser, each a link with a Remove button. The server renders nothing
 * (the page says, without JavaScript, what it needs).
 */
export default function BookmarkList() {
  const mounted = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const local = useLocalBookmarks();
  const member = useMemberBookmarks();
  const [removing, setRemoving] = useState<string | null>(null);

  useEffect(() => {
    restoreSession();
  }, []);

  useEffect(() => {
    if (mounted && signedIn && member.status === 'idle') void loadMemberBookmarks();
  }, [mounted, signedIn, member.status]);

  if (!mounted) return null;
  if (signedIn && (member.status === 'idle' || member.status === 'loading')) {
    return (
      <p className="isl-status" role="status">
        Loading your bookmarks…
      </p>
    );
  }
  if (signedIn && member.status === 'failed') {
    return (
      <p className="isl-status" role="status">
        We could not load your bookmarks.{' '}
        <button className="button button--secondary" type="button" onClick={() => void loadMemberBookmarks({ force: true })}>
          Try again
        </button>
      </p>
    );
  }

  const rows: Row[] = signedIn
    ? member.items.map((item) => ({
        key: `${item.id}`,
        kind: item.service !== null ? 'service' : 'job',
        id: item.service ?? item.job ?? 0,
        title: item.title,
        link: item.link,
      }))
    : local.map((item) => ({ key: `${item.kind}-${item.id}`, kind: item.kind, id: item.id, title: item.title, link: item.link }));

  const remove = (row: Row): void => {
    setRemoving(row.key);
    void removeBookmark(row).then((result) => {
      setRemoving(null);
      showAlert(result.success ? MEMBER_ALERTS.bookmarkRemoved : MEMBER_ALERTS.bookmarkFailed, result.success ? 'success' : 'error');
    });
  };

  return (
    <div className="isl-bookmarks">
      {!signedIn && (
        <div className="notice">
          <p>These bookmarks are kept in this browser only. Sign in to keep them in your account: they move there when you do.</p>
          <p className="notice-actions">
            <a className="button button--primary" href={loginUrlReturningTo({ pathname: PAGE, search: '', hash: '' })}>
              Sign in
            </a>
            <a href="/user/register">Create an account</a>
          </p>
        </div>
      )}
      {rows.length === 0 ? (
        <div className="empty-state">
          <h2>No bookmarks yet</h2>
          <p>Press Save on a service or a job to keep it here.</p>
          <p className="empty-state-actions">
            <a className="button button--primary" href="/services">
              Browse services
            </a>
            <a className="button button--secondary" href="/jobs">
              See open jobs
            </a>
          </p>
        </div>
      ) : (
        <ul className="isl-records" aria-label="Your bookmarks">
          {rows.map((row) => (
            <RecordRow
              key={row.key}
              eyebrow={row.kind === 'service' ? 'Service' : 'Job'}
              title={row.title === '' ? (row.kind === 'service' ? `Service ${row.id}` : `Job ${row.id}`) : row.title}
              href={row.link.startsWith('/') ? row.link : linkOf(row)}
            >
              <button className="button button--secondary" type="button" disabled={removing === row.key} onClick={() => remove(row)}>
                Remove<span className="visually-hidden"> {row.title}</span>
              </button>
            </RecordRow>
          ))}
        </ul>
      )}
    </div>
  );
}

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;
