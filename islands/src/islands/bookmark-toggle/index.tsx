import { useEffect, useState, type MouseEvent } from 'react';
import { bookmarkLook, bookmarkTargetOf } from '../../lib/member-services/bookmark-look.ts';
import { loadMemberBookmarks, removeBookmark, saveBookmark } from '../../lib/member-services/bookmarks.ts';
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
  const target = bookmarkTargetOf(props);
  const title = typeof props.title === 'string' ? props.title : '';
  const [busy, setBusy] = useState(false);
  // While hydrating, the viewer the markup shows (signed out and nothing saved, or drawn by the runtime): the markup agrees.
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
  const look = bookmarkLook(target, { signedIn, member, local }, busy);
  const saved = look.pressed;

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
        className={look.className}
        type="submit"
        aria-pressed={look.pressed}
        disabled={look.disabled}
        aria-busy={look.disabled ? true : undefined}
        onClick={onClick}
        title={look.title}
        // A toggle keeps one name; aria-pressed says whether it is on ("Save …, pressed").
        aria-label={`Save ${title === '' ? `this ${what}` : title} to bookmarks`}
      >
        <span aria-hidden="true">{look.star}</span>
        <span className="isl-bookmark__words" aria-hidden="true">
          <span className={look.saveClass}>Save</span>
          <span className={look.savedClass}>Saved</span>
        </span>
      </button>
    </form>
  );
}
