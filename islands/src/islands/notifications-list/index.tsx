import { useEffect, useId, useRef, useState } from 'react';
import { useHydrated } from '../../lib/hooks/use-hydrated.ts';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from '../../lib/marketplace/actions.ts';
import { loginUrlReturningTo } from '../../lib/navigation/redirect.ts';
import { useAppStore, type Notification } from '../../lib/store/index.ts';

const NOTIFICATIONS_PAGE = '/notifications';

type Load = 'loading' | 'loaded' | 'failed';

/** A link of a notification: a path on this site only (never `//host` or another scheme). */
export function siteLink(link: string): string | null {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : null;
}

let dateFormat: Intl.DateTimeFormat | null = null;

/** "2 November 2026 at 09:00", in UK time; the raw text when it is not a timestamp. */
export function formatWhen(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  // Made on first use: the server bundle (QuickJS) never shows a date and may have no Intl.
  dateFormat ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
  return dateFormat.format(date);
}

function SignedOut() {
  return (
    <div className="notice">
      <p>Sign in to see your notifications.</p>
      <p className="notice-actions">
        <a className="button button--primary" href={loginUrlReturningTo({ pathname: NOTIFICATIONS_PAGE, search: '', hash: '' })}>
          Sign in
        </a>
        <a href="/user/register">Create an account</a>
      </p>
    </div>
  );
}

function Item({
  notification,
  itemId,
  onMarkRead,
  busy,
}: {
  notification: Notification;
  itemId: string;
  onMarkRead: (id: number) => void;
  busy: boolean;
}) {
  const link = siteLink(notification.link);
  const unread = !notification.is_read;
  return (
    <li
      id={itemId}
      tabIndex={-1}
      className={`isl-notification${unread ? ' isl-notification--unread' : ''}`}
      aria-labelledby={`${itemId}-title`}
    >
      <h3 className="isl-notification__title" id={`${itemId}-title`}>
        {notification.title}
      </h3>
      <p className="isl-notification__message">{notification.message}</p>
      <p className="isl-notification__meta">
        <span className="isl-notification__state">{unread ? 'Unread' : 'Read'}</span>
        <time dateTime={notification.created_at}>{formatWhen(notification.created_at)}</time>
      </p>
      {(link !== null || unread) && (
        <div className="isl-notification__actions">
          {link !== null && (
            <a href={link}>
              View details<span className="visually-hidden">: {notification.title}</span>
            </a>
          )}
          {unread && (
            <button className="button button--secondary" type="button" disabled={busy} onClick={() => onMarkRead(notification.id)}>
              Mark as read<span className="visually-hidden">: {notification.title}</span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * /notifications (signed in): the member's notifications, newest first, each with its title,
 * message, link, date and read state; "Mark as read" on each unread one and "Mark all as read".
 * The server renders nothing here (the page's `<noscript>` explains that the list needs
 * JavaScript and sign-in); once hydrated, a signed-out visitor gets a way to sign in.
 */
export default function NotificationsList() {
  const hydrated = useHydrated();
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const notifications = useAppStore((state) => state.service.notifications);
  const [load, setLoad] = useState<Load>('loading');
  const [busy, setBusy] = useState(false);
  const [changeFailed, setChangeFailed] = useState(false);
  const summaryRef = useRef<HTMLParagraphElement | null>(null);
  const id = useId();

  const reload = (): void => {
    setLoad('loading');
    void fetchNotifications().then((result) => setLoad(result.success ? 'loaded' : 'failed'));
  };

  useEffect(() => {
    if (signedIn) reload();
  }, [signedIn]);

  if (!hydrated) return null;
  if (!signedIn) return <SignedOut />;

  const itemId = (notificationId: number) => `${id}-notification-${notificationId}`;

  const change = (call: () => Promise<{ success: boolean }>, focusAfter: () => HTMLElement | null): void => {
    if (busy) return;
    setBusy(true);
    setChangeFailed(false);
    void call()
      .then((result) => {
        setChangeFailed(!result.success);
        // The button pressed is gone: keep the keyboard user where they were.
        if (result.success) focusAfter()?.focus();
      })
      .finally(() => setBusy(false));
  };

  const onMarkRead = (notificationId: number): void =>
    change(
      () => markNotificationRead(notificationId),
      () => document.getElementById(itemId(notificationId)),
    );
  const onMarkAllRead = (): void => change(markAllNotificationsRead, () => summaryRef.current);

  // Stored notifications show at once while the list is fetched again.
  if (notifications.length === 0 && load !== 'loaded') {
    return (
      <div className="isl-notifications" role="status">
        {load === 'failed' ? (
          <p>
            We could not load your notifications.{' '}
            <button className="button button--secondary" type="button" onClick={reload}>
              Try again
            </button>
          </p>
        ) : (
          <p>Loading your notifications…</p>
        )}
      </div>
    );
  }

  const unread = notifications.filter((notification) => !notification.is_read).length;
  return (
    <div className="isl-notifications">
      <div className="isl-notifications__bar">
        <p ref={summaryRef} tabIndex={-1} role="status">
          {notifications.length === 0
            ? 'You have no notifications yet.'
            : unread === 0
              ? 'All your notifications are read.'
              : `You have ${unread} unread notification${unread === 1 ? '' : 's'}.`}
        </p>
        {unread > 0 && (
          <button className="button button--secondary" type="button" disabled={busy} onClick={onMarkAllRead}>
            Mark all as read
          </button>
        )}
      </div>
      {changeFailed && (
        <p className="isl-field-error" role="alert">
          We could not update your notifications. Please try again.
        </p>
      )}
      {notifications.length > 0 && (
        <ul className="isl-notifications__list" aria-label="Your notifications, newest first">
          {notifications.map((notification) => (
            <Item key={notification.id} notification={notification} itemId={itemId(notification.id)} onMarkRead={onMarkRead} busy={busy} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** It renders nothing on the server: the server leaves it empty without asking the islands engine. */
export const clientOnly = true;
