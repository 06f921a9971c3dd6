import { useEffect, useState } from 'react';
import { fetchUnreadNotificationCount } from '../marketplace/actions.ts';
import { logout, useAppStore } from '../store/index.ts';
import { firstNameOf } from './first-name.ts';
import { unreadLabel, unreadBadgeText } from './unread.ts';

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * How many of the member's notifications are unread (`GET /api/notifications?is_read=false`),
 * asked again whenever the notifications in the store change (one marked read on
 * /notifications); null while unknown or signed out.
 */
function useUnreadCount(signedIn: boolean): number | null {
  const notifications = useAppStore((state) => state.service.notifications);
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!signedIn) {
      setCount(null);
      return;
    }
    let current = true;
    void fetchUnreadNotificationCount().then((result) => {
      if (current && result.success) setCount(result.data);
    });
    return () => {
      current = false;
    };
  }, [signedIn, notifications]);
  return count;
}

/**
 * The header's account links. The server (and a visitor without a session) sees "Log in" and
 * "Register"; once signed in: the user's first name, to /user/profile, the notifications with
 * the unread count, and "Log out".
 */
export default function AccountMenu() {
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const firstName = useAppStore((state) => firstNameOf(state.session.user?.full_name));
  const unread = useUnreadCount(signedIn);

  if (!signedIn) {
    return (
      <div className="isl-account-menu">
        <a className="isl-account-menu__link" href="/user/login">
          Log in
        </a>
        <a className="button button--primary isl-account-menu__register" href="/user/register">
          Register
        </a>
      </div>
    );
  }
  const badge = unreadBadgeText(unread);
  return (
    <div className="isl-account-menu">
      <a className="isl-account-menu__link isl-account-menu__name" href="/user/profile">
        {firstName ?? 'Your account'}
        <span className="visually-hidden">: your profile</span>
      </a>
      <a className="isl-account-menu__notifications" href="/notifications" aria-label={unreadLabel(unread)}>
        <BellIcon />
        {badge !== null && (
          <span className="isl-badge" aria-hidden="true">
            {badge}
          </span>
        )}
      </a>
      <button className="button button--secondary isl-account-menu__logout" type="button" onClick={() => logout()}>
        Log out
      </button>
    </div>
  );
}
