import { apiRequest } from '../api/client.ts';
import type { ApiSchemas } from '../api/types.ts';
import { fetchQuietly, MEMBER_PATHS } from './calls.ts';

export type UnreadMessages = ApiSchemas['UnreadView'];

/** `GET /api/messages/unread/`: the messages of others the member has not read, in all and by booking. */
export function fetchUnreadMessages() {
  return fetchQuietly('the unread messages', () => apiRequest<UnreadMessages>('GET', MEMBER_PATHS.unreadMessages, { expect: 200 }));
}
