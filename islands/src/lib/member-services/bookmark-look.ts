// How a bookmark toggle looks in each state, for React's render and for the runtime that draws
// a viewer's bookmarks on the server's markup before React loads (draw-viewer.ts): one rule,
// so that the drawn markup is what React renders.
import { isBookmarked, type BookmarkTarget, type LocalBookmark, type MemberBookmarks } from './bookmarks.ts';
import { idOf } from './record-id.ts';

/** What a toggle's props name: `service` (an id), else `job`; null if neither is an id. */
export function bookmarkTargetOf(props: { readonly service?: unknown; readonly job?: unknown }): BookmarkTarget | null {
  const service = idOf(props.service);
  if (service !== null) return { kind: 'service', id: service };
  const job = idOf(props.job);
  return job === null ? null : { kind: 'job', id: job };
}

export interface BookmarkLook {
  readonly className: string;
  readonly pressed: boolean;
  /** Also `aria-busy`: a press or the account's list is under way. */
  readonly disabled: boolean;
  readonly title: string;
  readonly star: string;
  /** The class of "Save" and of "Saved": the word not shown keeps its room. */
  readonly saveClass: string | undefined;
  readonly savedClass: string | undefined;
}

const WORD_OFF = 'isl-bookmark__word--off';

/** The look of the toggle of `target` for this viewer, `pressing` while a press is under way. */
export function bookmarkLook(
  target: BookmarkTarget,
  viewer: { readonly signedIn: boolean; readonly member: MemberBookmarks; readonly local: readonly LocalBookmark[] },
  pressing = false,
): BookmarkLook {
  const saved = isBookmarked(target, viewer.member, viewer.local, viewer.signedIn);
  // Until the account's list is known, the state shown could be wrong; after a failed load, saving still works.
  const waiting = viewer.signedIn && (viewer.member.status === 'idle' || viewer.member.status === 'loading');
  return {
    className: `button button--secondary isl-bookmark${saved ? ' isl-bookmark--saved' : ''}`,
    pressed: saved,
    disabled: pressing || waiting,
    title: saved ? 'Remove from your bookmarks' : `Save this ${target.kind} to your bookmarks`,
    star: saved ? '★' : '☆',
    saveClass: saved ? WORD_OFF : undefined,
    savedClass: saved ? undefined : WORD_OFF,
  };
}

function setClass(element: Element | null | undefined, className: string | undefined): void {
  if (className === undefined) element?.removeAttribute('class');
  else element?.setAttribute('class', className);
}

/** Draws `look` on the server's markup of a toggle (`root` holds its button), as React renders it. */
export function drawBookmarkLook(root: ParentNode, look: BookmarkLook): void {
  const button = root.querySelector<HTMLButtonElement>('button.isl-bookmark');
  if (button === null) return;
  button.className = look.className;
  button.setAttribute('aria-pressed', String(look.pressed));
  button.disabled = look.disabled;
  if (look.disabled) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
  button.title = look.title;
  const [star, words] = Array.from(button.children);
  if (star !== undefined) star.textContent = look.star;
  const [save, savedWord] = Array.from(words?.children ?? []);
  setClass(save, look.saveClass);
  setClass(savedWord, look.savedClass);
}
