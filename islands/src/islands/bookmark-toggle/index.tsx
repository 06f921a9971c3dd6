import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { isBookmarked, loadMemberBookmarks, removeBookmark, saveBookmark, type BookmarkTarget } from '../../lib/member-services/bookmarks.ts';
import { idOf } from '../../lib/member-services/controls.tsx';
import { MEMBER_ALERTS } from '../../lib/member-services/messages.ts';
import { useLocalBookmarks, useMemberBookmarks } from '../../lib/member-services/use-bookmarks.ts';
import { restoreSession, showAlert, useAppStore } from '../../lib/store/index.ts';

export interface BookmarkToggleProps {
  /** A service's id, or */
  readonly service?: unknown;
  /** a job's id. */
  readonly job?: unknown;
  /** What it is called, for the button's label and the visitor's bookmark list. */
  readonly title?: unknown;
}

function targetOf(props: BookmarkToggleProps): BookmarkTarget | null {
  const service = idOf(props.service);
  if (service !== null) return { kind: 'service', id: service };
  const job = idOf(props.job);
  return job === null ? null : { kind: 'job', id: job };
}

/**
 * Save / Saved on a service or a job page. A visitor's bookmarks stay in this browser (and go
 * to the account at login); a member's are saved in their account. The server renders nothing
 * (a button that does nothing without JavaScript would mislead); it appears once hydrated.
 */
export default function BookmarkToggle(props: BookmarkToggleProps) {
  const target = targetOf(props);
  const title = typeof props.title === 'string' ? props.title : '';
  const mounted = useHydrated();
  const [busy, setBusy] = useState(false);
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const local = useLocalBookmarks();
  const member = useMemberBookmarks();

  useEffect(() => {
    restoreSession();
  }, []);

  useEffect(() => {
    if (mounted && signedIn && member.status === 'idle') void loadMemberBookmarks();
  }, [mounted, signedIn, member.status]);

  if (!mounted || target === null) return null;
  const saved = isBookmarked(target, member, local, signedIn);
  // Until the account's list is known, the state shown could be wrong; after a failed load, saving still works.
  const waiting = signedIn && (member.status === 'idle' || member.status === 'loading');

  const onClick = (): void => {
    setBusy(true);
    void (saved ? removeBookmark(target) : saveBookmark(target, title)).then((result) => {
      setBusy(false);
      if (!result.success) showAlert(MEMBER_ALERTS.bookmarkFailed, 'error');
    });
  };

  const what = target.kind === 'service' ? 'service' : 'job';
  return (
    <button
      className={`button button--secondary isl-bookmark${saved ? ' isl-bookmark--saved' : ''}`}
      type="button"
      aria-pressed={saved}
      disabled={busy || waiting}
      aria-busy={busy || waiting ? true : undefined}
      onClick={onClick}
      title={saved ? 'Remove from your bookmarks' : `Save this ${what} to your bookmarks`}
      // A toggle keeps one name; aria-pressed says whether it is on ("Save …, pressed").
      aria-label={`Save ${title === '' ? `this ${what}` : title} to bookmarks`}
    >
      <span aria-hidden="true">{saved ? '★' : '☆'}</span> <span aria-hidden="true">{saved ? 'Saved' : 'Save'}</span>
    </button>
  );
}

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;
