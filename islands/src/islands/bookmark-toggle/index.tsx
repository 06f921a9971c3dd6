import { useEffect, useState, type MouseEvent } from 'react';
import { isBookmarked, loadMemberBookmarks, removeBookmark, saveBookmark, type BookmarkTarget } from '../../lib/member-services/bookmarks.ts';
import { idOf } from '../../lib/member-services/controls.tsx';
import { MEMBER_ALERTS } from '../../lib/member-services/messages.ts';
import { useLocalBookmarks, useMemberBookmarks } from '../../lib/member-services/use-bookmarks.ts';
import type { ServerTemplate } from '../../lib/server/server-template.ts';
import { restoreSession, showAlert, useAppStore } from '../../lib/store/index.ts';

export interface BookmarkToggleProps {
  /** A service's id, or */
  readonly service?: unknown;
  /** a job's id. */
  readonly job?: unknown;
  /** What it is called, for the button's label and the visitor's bookmark list. */
  readonly title?: unknown;
}

/** Where the button leads without JavaScript: the bookmarks page says what they need. */
const BOOKMARKS_PAGE = '/bookmarks';

function targetOf(props: BookmarkToggleProps): BookmarkTarget | null {
  const service = idOf(props.service);
  if (service !== null) return { kind: 'service', id: service };
  const job = idOf(props.job);
  return job === null ? null : { kind: 'job', id: job };
}

/**
 * The server renders this island once per shape and fills these props in (see ServerTemplate).
 * Which of service or job is given decides the words; the id and the title are only shown.
 */
export const serverTemplate: ServerTemplate = { service: 'id', job: 'id', title: 'text' };

/**
 * Save / Saved on a service or a job page or card. A visitor's bookmarks stay in this browser
 * (and go to the account at login); a member's are saved in their account. The server renders
 * the visitor's "Save" (nobody's bookmarks are known there), as a button that, without
 * JavaScript, opens the bookmarks page, which says that bookmarks need JavaScript and how to
 * sign in. Both words take the button's room at once, so that "Saved" moves nothing.
 */
export default function BookmarkToggle(props: BookmarkToggleProps) {
  const target = targetOf(props);
  const title = typeof props.title === 'string' ? props.title : '';
  const [busy, setBusy] = useState(false);
  // The server's snapshots (signed out, nothing saved) while hydrating: the markup agrees.
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const local = useLocalBookmarks();
  const member = useMemberBookmarks();

  useEffect(() => {
    restoreSession();
  }, []);

  useEffect(() => {
    if (signedIn && member.status === 'idle') void loadMemberBookmarks();
  }, [signedIn, member.status]);

  if (target === null) return null;
  const saved = isBookmarked(target, member, local, signedIn);
  // Until the account's list is known, the state shown could be wrong; after a failed load, saving still works.
  const waiting = signedIn && (member.status === 'idle' || member.status === 'loading');

  const onClick = (event: MouseEvent<HTMLButtonElement>): void => {
    // The form is only the way to the bookmarks page without JavaScript.
    event.preventDefault();
    setBusy(true);
    void (saved ? removeBookmark(target) : saveBookmark(target, title)).then((result) => {
      setBusy(false);
      if (!result.success) showAlert(MEMBER_ALERTS.bookmarkFailed, 'error');
    });
  };

  const what = target.kind === 'service' ? 'service' : 'job';
  return (
    <form action={BOOKMARKS_PAGE} method="get">
      <button
        className={`button button--secondary isl-bookmark${saved ? ' isl-bookmark--saved' : ''}`}
        type="submit"
        aria-pressed={saved}
        disabled={busy || waiting}
        aria-busy={busy || waiting ? true : undefined}
        onClick={onClick}
        title={saved ? 'Remove from your bookmarks' : `Save this ${what} to your bookmarks`}
        // A toggle keeps one name; aria-pressed says whether it is on ("Save …, pressed").
        aria-label={`Save ${title === '' ? `this ${what}` : title} to bookmarks`}
      >
        <span aria-hidden="true">{saved ? '★' : '☆'}</span>
        <span className="isl-bookmark__words" aria-hidden="true">
          <span className={saved ? 'isl-bookmark__word--off' : undefined}>Save</span>
          <span className={saved ? undefined : 'isl-bookmark__word--off'}>Saved</span>
        </span>
      </button>
    </form>
  );
}
