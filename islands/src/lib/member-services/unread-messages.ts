import { apiRequest } from '../api/client.ts';
import type { ActionResult } from '../api/result.ts';
import type { ApiSchemas } from '../api/types.ts';
import { fetchQuietly, MEMBER_PATHS } from './calls.ts';

export type UnreadMessages = ApiSchemas['UnreadView'];
/** A thread with messages the member has not read, as a record of a list (its id is its booking's). */
export type UnreadThread = ApiSchemas['UnreadThread'] & { readonly id: number };

/** `GET /api/messages/unread/`: the messages of others the member has not read, in all and by booking. */
export function fetchUnreadMessages() {
  return fetchQuietly('the unread messages', () => apiRequest<UnreadMessages>('GET', MEMBER_PATHS.unreadMessages, { expect: 200 }));
}

/** The threads with unread messages, as a list of records (`/user/messages`). */
export async function fetchUnreadThreads(): Promise<ActionResult<UnreadThread[]>> {
  const result = await fetchUnreadMessages();
  return result.success ? { success: true, data: result.data.bookings.map((thread) => ({ ...thread, id: thread.booking })) } : result;
}
