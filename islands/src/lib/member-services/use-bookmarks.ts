import { useSyncExternalStore } from 'react';
import { localBookmarks, memberBookmarks, subscribeBookmarks, type LocalBookmark, type MemberBookmarks } from './bookmarks.ts';

const NO_LOCAL: readonly LocalBookmark[] = Object.freeze([]);
const NOT_LOADED: MemberBookmarks = Object.freeze({ status: 'idle', items: Object.freeze([]) });

/** The visitor's bookmarks (none on the server and while hydrating). */
export function useLocalBookmarks(): readonly LocalBookmark[] {
  return useSyncExternalStore(subscribeBookmarks, localBookmarks, () => NO_LOCAL);
}

/** The member's bookmarks as loaded so far (not loaded on the server and while hydrating). */
export function useMemberBookmarks(): MemberBookmarks {
  return useSyncExternalStore(subscribeBookmarks, memberBookmarks, () => NOT_LOADED);
}
