import { fetchUnreadNotificationCount } from '../marketplace/actions.ts';
import { appStore } from '../store/app-store.ts';
import { logout } from '../store/session.ts';
import { firstNameOf } from './first-name.ts';
import { fetchUnreadMessages } from '../member-services/unread-messages.ts';
import { messagesLabel, unreadBadgeText, unreadLabel } from './unread.ts';

const SIGNED_OUT =
  '<div class="isl-account-menu"><a class="isl-account-menu__link" href="/user/login">Log in</a>' +
  '<a class="button button--primary isl-account-menu__register" href="/user/register">Register</a></div>';

const BELL =
  '<svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">' +
  '<path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9"/><path d="M10.3 21a1.94 1.94 0 0 0 3.4 0"/></svg>';

const ENVELOPE =
  '<svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">' +
  '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/></svg>';

const SIGNED_IN =
  '<div class="isl-account-menu"><a class="isl-account-menu__link isl-account-menu__name" href="/user/profile"><span class="isl-account-menu__first-name"></span><span class="visually-hidden">: your profile</span></a>' +
  `<a class="isl-account-menu__notifications" href="/user/messages">${ENVELOPE}</a>` +
  `<a class="isl-account-menu__notifications" href="/notifications">${BELL}</a>` +
  '<button class="button button--secondary isl-account-menu__logout" type="button">Log out</button></div>';

/**
 * The header's account links in `container`. The server (and a visitor without a session)
 * shows "Log in" and "Register"; once signed in: the user's first name, to /user/profile, their
 * messages with how many are unread (`GET /api/messages/unread/`), the notifications with the
 * unread count (`GET /api/notifications?is_read=false`; both asked again whenever the store's
 * notifications change), and "Log out". Returns what stops it.
 */
export function startAccountMenu(container: HTMLElement, store = appStore): () => void {
  let shown: { signedIn: boolean; firstName: string | null } | null = null;
  let unread: number | null = null;
  let unreadMessages: number | null = null;
  let notifications: unknown = undefined;
  let asking = 0;

  const showUnread = (): void => {
    showBadge('/notifications', unread, unreadLabel(unread));
    showBadge('/user/messages', unreadMessages, messagesLabel(unreadMessages));
  };

  /** The count on the link to `href`, and its accessible name. */
  const showBadge = (href: string, count: number | null, label: string): void => {
    const link = container.querySelector<HTMLAnchorElement>(`.isl-account-menu__notifications[href="${href}"]`);
    if (link === null) return;
    link.setAttribute('aria-label', label);
    const text = unreadBadgeText(count);
    let badge = link.querySelector('.isl-badge');
    if (text === null) {
      badge?.remove();
      return;
    }
    if (badge === null) {
      badge = container.ownerDocument.createElement('span');
      badge.className = 'isl-badge';
      badge.setAttribute('aria-hidden', 'true');
      link.append(badge);
    }
    badge.textContent = text;
  };

  const askUnread = (): void => {
    asking += 1;
    const question = asking;
    void fetchUnreadNotificationCount().then((result) => {
      if (question !== asking || !result.success) return;
      unread = result.data;
      showUnread();
    });
    void fetchUnreadMessages().then((result) => {
      if (question !== asking || !result.success) return;
      unreadMessages = result.data.total;
      showUnread();
    });
  };

  const render = (): void => {
    const state = store.getState();
    const signedIn = state.session.accessToken !== null;
    const firstName = firstNameOf(state.session.user?.full_name);
    if (shown === null || shown.signedIn !== signedIn || shown.firstName !== firstName) {
      if (!signedIn) {
        container.innerHTML = SIGNED_OUT;
        unread = null;
        unreadMessages = null;
        asking += 1;
      } else {
        container.innerHTML = SIGNED_IN;
        container.querySelector('.isl-account-menu__first-name')!.textContent = firstName ?? 'Your account';
        container.querySelector('button')!.addEventListener('click', () => logout());
        showUnread();
      }
      if (signedIn && !shown?.signedIn) askUnread();
      shown = { signedIn, firstName };
    }
    if (signedIn && state.service.notifications !== notifications) {
      if (notifications !== undefined) askUnread();
      notifications = state.service.notifications;
    }
  };
  render();
  return store.subscribe(render);
}
