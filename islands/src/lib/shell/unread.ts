/** The accessible name of the notifications link: "Notifications, 3 unread". */
export function unreadLabel(count: number | null): string {
  if (count === null) return 'Notifications';
  return count === 0 ? 'Notifications, none unread' : `Notifications, ${count} unread`;
}

/** The accessible name of the messages link: "Messages, 2 unread". */
export function messagesLabel(count: number | null): string {
  if (count === null) return 'Messages';
  return count === 0 ? 'Messages, none unread' : `Messages, ${count} unread`;
}

/** What the badge shows: nothing when none (or unknown), the count, or "99+". */
export function unreadBadgeText(count: number | null): string | null {
  if (count === null || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
