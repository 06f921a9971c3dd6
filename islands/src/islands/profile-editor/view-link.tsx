import type { MouseEvent } from 'react';
import { navigate } from '../../lib/navigation/navigate.ts';
import type { User } from '../../lib/store/app-state.ts';
import { loadProfile, profileAgeMs } from '../../lib/store/session.ts';

/** File URLs are signed for 15 minutes (api-contract): older than this, fetch new ones first. */
export const SIGNED_URL_MAX_AGE_MS = 10 * 60_000;

/**
 * Opens the file in a new tab. When the profile (so the URL's signature) is older than 10
 * minutes, the profile is fetched again and the new URL opened: the tab is opened at once,
 * during the click, so that no popup blocker stops it, and pointed at the file after.
 */
function openWithFreshUrl(event: MouseEvent<HTMLAnchorElement>, pick: (user: User) => string | null): void {
  if (profileAgeMs() <= SIGNED_URL_MAX_AGE_MS) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const tab = window.open('about:blank', '_blank');
  if (tab !== null) tab.opener = null;
  void loadProfile().then((result) => {
    const url = result.success ? pick(result.data) : null;
    if (url === null) {
      tab?.close();
      return;
    }
    if (tab !== null) tab.location.href = url;
    else navigate(url);
  });
}

/** "View", to the current file; `what` completes its accessible name ("View CV"). */
export function ViewLink({ url, what, pick }: { url: string; what: string; pick: (user: User) => string | null }) {
  return (
    <a className="isl-view-link" href={url} target="_blank" rel="noopener noreferrer" onClick={(event) => openWithFreshUrl(event, pick)}>
      View<span className="visually-hidden"> {what}</span>
    </a>
  );
}
