import { readStoredJson } from '../store/local-storage.ts';

/** Where this browser keeps a visitor's bookmarks (localStorage). */
export const BOOKMARKS_STORAGE_KEY = 'bookmarks';

/** Whether this browser keeps any bookmarks of a visitor (read without loading the bookmarks module). */
export const keepsVisitorBookmarks = (): boolean => readStoredJson(BOOKMARKS_STORAGE_KEY) !== null;
