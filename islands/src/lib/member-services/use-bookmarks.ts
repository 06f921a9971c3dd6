import { useSyncExternalStore } from 'react';
import { useMarkupViewer } from '../hooks/viewer-context.ts';
import { localBookmarks, memberBookmarks, subscribeBookmarks, type LocalBookmark, type MemberBookmarks } from './bookmarks.ts';

/** The visitor's bookmarks (while hydrating: those the markup shows, none from the server). */
export function useLocalBookmarks(): readonly LocalBookmark[] {
  const viewer = useMarkupViewer();
  return useSyncExternalStore(subscribeBookmarks, localBookmarks, () => viewer.localBookmarks);
}

/** The member's bookmarks as loaded so far (while hydrating: as the markup shows them, not loaded from the server). */
export function useMemberBookmarks(): MemberBookmarks {
  const viewer = useMarkupViewer();
  return useSyncExternalStore(subscribeBookmarks, memberBookmarks, () => viewer.memberBookmarks);
}
