/** A booking's messages as the lists of bookings and jobs give them. */
export interface Thread {
  readonly link: string;
  readonly unread: number;
}

/**
 * The link to a booking's messages (its thread's page, which works without JavaScript), saying
 * how many are new; nothing where there is no thread (a job only offered).
 */
export function ThreadLink({ thread, title }: { thread: Thread | null | undefined; title: string }) {
  if (!thread) return null;
  return (
    <a className="button button--secondary" href={thread.link}>
      {thread.unread > 0 ? `Messages (${thread.unread} new)` : 'Messages'}
      <span className="visually-hidden"> about {title}</span>
    </a>
  );
}
