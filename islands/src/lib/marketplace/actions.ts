// The marketplace actions of the service store (spec sections 7 and 8): each returns
// {success: true, data} or {success: false, error}. Failed fetches are only logged; the calls
// that change something show the spec's alert and switch the global loader around the call.
// They load with the islands that use them, never with the runtime.
import { apiRequest } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { ActionResult } from '../api/result.ts';
import type { ApiSchemas, JsonBody } from '../api/types.ts';
import { logWarning } from '../runtime/log.ts';
import type { Notification, Service, ServiceDetail } from '../store/app-state.ts';
import { appStore } from '../store/app-store.ts';
import { showAlert } from '../store/alert.ts';
import { fetchAllPages, fetchQuietly, MEMBER_PATHS, withLoader } from '../member-services/calls.ts';
import { setServiceStore } from '../store/service.ts';
import { MARKETPLACE_ALERTS, RATING_MAX, RATING_MIN } from './messages.ts';

export const MARKETPLACE_PATHS = {
  notifications: '/api/notifications',
  notification: (id: number | string) => `/api/notifications/${encodeURIComponent(String(id))}/`,
  readAllNotifications: '/api/notifications/read-all/',
  reviews: '/api/reviews/',
} as const;

const resultsOf = <Item>(page: { readonly results?: readonly Item[] } | null | undefined): readonly Item[] =>
  Array.isArray(page?.results) ? page.results : [];

// ---------- services ----------

/** Counts services fetches, so that only the latest one's answer fills the list. */
let servicesFetches = 0;

/**
 * `GET /api/service/?category__slug={slug}&status=Open&ordering=priority` into `services`,
 * which is cleared first (spec section 7). An earlier fetch that answers late is dropped, so
 * the list never shows another category's services.
 */
export function fetchServices(categorySlug: string): Promise<ActionResult<readonly Service[]>> {
  setServiceStore({ services: [] });
  const fetch = ++servicesFetches;
  const query = new URLSearchParams({ category__slug: categorySlug, status: 'Open', ordering: 'priority' });
  return fetchQuietly('the services', async () => {
    const page = await apiRequest<ApiSchemas['Paginated_ServiceView']>('GET', `${MEMBER_PATHS.services}?${query}`, { expect: 200 });
    const services = resultsOf(page);
    if (fetch === servicesFetches) setServiceStore({ services });
    return services;
  });
}

/** `GET /api/service/{id}/` into `currentService`. */
export function fetchService(id: number): Promise<ActionResult<ServiceDetail>> {
  return fetchQuietly('the service', async () => {
    const service = await apiRequest<ServiceDetail>('GET', MEMBER_PATHS.service(id), { expect: 200 });
    setServiceStore({ currentService: service });
    return service;
  });
}

// ---------- notifications ----------

/**
 * `GET /api/notifications` (newest first) into `notifications`: every page, so that the unread
 * count and "Mark all as read" speak of all of them, not of the newest 20.
 */
export function fetchNotifications(): Promise<ActionResult<readonly Notification[]>> {
  return fetchQuietly('the notifications', async () => {
    const notifications = await fetchAllPages<Notification>(MARKETPLACE_PATHS.notifications);
    setServiceStore({ notifications });
    return notifications;
  });
}

let unreadCounting: Promise<ActionResult<number>> | null = null;

/**
 * `GET /api/notifications?is_read=false`: how many are unread (`count`, over all pages). Callers
 * while one is under way share it (the header has the menu twice: desktop and mobile).
 */
export function fetchUnreadNotificationCount(): Promise<ActionResult<number>> {
  if (unreadCounting === null) {
    const query = new URLSearchParams({ is_read: 'false' });
    unreadCounting = fetchQuietly('the unread notification count', async () => {
      const page = await apiRequest<ApiSchemas['Paginated_NotificationView']>('GET', `${MARKETPLACE_PATHS.notifications}?${query}`, {
        expect: 200,
      });
      if (typeof page?.count !== 'number') throw new ApiError(200, {});
      return page.count;
    }).finally(() => {
      unreadCounting = null;
    });
  }
  return unreadCounting;
}

/** Puts `changed` in place of the notification with its id. */
function replaceNotification(changed: Notification): void {
  const notifications = appStore.getState().service.notifications.map((item) => (item.id === changed.id ? changed : item));
  setServiceStore({ notifications });
}

/** `PATCH /api/notifications/{id}/ {is_read: true}`; the answer replaces the item in the list. */
export function markNotificationRead(id: number): Promise<ActionResult<Notification>> {
  return withLoader(async () => {
    try {
      const changed = await apiRequest<Notification>('PATCH', MARKETPLACE_PATHS.notification(id), {
        json: { is_read: true } satisfies JsonBody<'NotificationChange'>,
        expect: 200,
      });
      replaceNotification(changed);
      return { success: true, data: changed };
    } catch (error) {
      logWarning('could not mark the notification read', error);
      return { success: false, error };
    }
  });
}

/** `POST /api/notifications/read-all/`; every listed notification becomes read. */
export function markAllNotificationsRead(): Promise<ActionResult<ApiSchemas['ReadAllAnswer']>> {
  return withLoader(async () => {
    try {
      const answer = await apiRequest<ApiSchemas['ReadAllAnswer']>('POST', MARKETPLACE_PATHS.readAllNotifications, { expect: 200 });
      const notifications = appStore.getState().service.notifications.map((item) => (item.is_read ? item : { ...item, is_read: true }));
      setServiceStore({ notifications });
      return { success: true, data: answer };
    } catch (error) {
      logWarning('could not mark the notifications read', error);
      return { success: false, error };
    }
  });
}

// ---------- reviews ----------

export type ReviewPayload = JsonBody<'NewReview'>;

/** The client rule of spec section 5: a whole rating from 1 to 5, and some review text. */
export function isCompleteReview(rating: number | null | undefined, review: string): rating is number {
  return typeof rating === 'number' && Number.isInteger(rating) && rating >= RATING_MIN && rating <= RATING_MAX && review.trim() !== '';
}

/** Why a review was not sent: the client rule refused it. */
export class IncompleteReviewError extends Error {
  constructor() {
    super(MARKETPLACE_ALERTS.reviewRequired);
    this.name = 'IncompleteReviewError';
  }
}

/**
 * `POST /api/reviews/ {service, rating, review}`. Without a rating from 1 to 5 or without
 * text, no call is made and the alert reads 'Rating & review are required'.
 */
export async function submitReview(payload: {
  readonly service: number;
  readonly rating: number | null;
  readonly review: string;
}): Promise<ActionResult<ApiSchemas['ReviewView']>> {
  if (!isCompleteReview(payload.rating, payload.review)) {
    showAlert(MARKETPLACE_ALERTS.reviewRequired, 'error');
    return { success: false, error: new IncompleteReviewError() };
  }
  const body: ReviewPayload = { service: payload.service, rating: payload.rating, review: payload.review.trim() };
  return withLoader(async () => {
    try {
      const review = await apiRequest<ApiSchemas['ReviewView']>('POST', MARKETPLACE_PATHS.reviews, { json: body, expect: 201 });
      showAlert(MARKETPLACE_ALERTS.reviewSubmitted, 'success');
      return { success: true, data: review };
    } catch (error) {
      if (!(error instanceof ApiError)) logWarning('review call failed', error);
      showAlert(MARKETPLACE_ALERTS.reviewFailed, 'error');
      return { success: false, error };
    }
  });
}

/** Back to a fresh page (for the tests). */
export function resetMarketplaceModule(): void {
  unreadCounting = null;
}
