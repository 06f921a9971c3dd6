import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../test/fake-api.ts';
import { appStore, initialAppState, resetServiceModule, setServiceStore, type Notification, type Service } from '../store/index.ts';
import {
  fetchNotifications,
  fetchServices,
  fetchUnreadNotificationCount,
  markAllNotificationsRead,
  markNotificationRead,
  resetMarketplaceModule,
  submitReview,
} from './actions.ts';

const SERVICE: Service = {
  id: 3,
  slug: 'deep-clean',
  title: 'Deep clean',
  summary: 'Top to bottom.',
  description: 'All rooms.',
  price_from: '120.00',
  price_unit: 'fixed',
  status: 'Open',
  priority: 1,
  areas: ['Leeds'],
  image: null,
  category: { id: 1, slug: 'cleaning', name: 'Cleaning' },
  rating_average: null,
  rating_count: 0,
};

const notification = (id: number, isRead: boolean): Notification => ({
  id,
  title: `Title ${id}`,
  message: `Message ${id}`,
  link: '/user/bookings',
  is_read: isRead,
  created_at: '2026-11-02T09:00:00Z',
});

const page = <Item,>(results: Item[], count = results.length) => ({ count, next: null, previous: null, results });
const alert = () => appStore.getState().alert;

describe('the marketplace actions', () => {
  let api: FakeApi;

  beforeEach(() => {
    localStorage.clear();
    resetServiceModule();
    resetMarketplaceModule();
    api = installFakeApi();
  });

  afterEach(() => {
    appStore.setState(initialAppState);
    localStorage.clear();
  });

  describe('fetchServices', () => {
    it('clears the list first, then asks for the Open services of the category by priority', async () => {
      setServiceStore({ services: [{ ...SERVICE, id: 99 }] });
      let servicesWhileWaiting: unknown;
      api.on('GET /api/service/', () => {
        servicesWhileWaiting = appStore.getState().service.services;
        return { status: 200, body: page([SERVICE]) };
      });
      await expect(fetchServices('home care')).resolves.toEqual({ success: true, data: [SERVICE] });
      expect(servicesWhileWaiting).toEqual([]);
      const url = new URL(api.calls[0]!.url, 'http://localhost');
      expect(Object.fromEntries(url.searchParams)).toEqual({ category__slug: 'home care', status: 'Open', ordering: 'priority' });
      expect(appStore.getState().service.services).toEqual([SERVICE]);
    });

    it("drops an earlier fetch's late answer: the list shows the latest category", async () => {
      type Answer = { status: number; body?: unknown };
      let answerFirst: (value: Answer) => void = () => undefined;
      let calls = 0;
      api.on('GET /api/service/', () => {
        calls += 1;
        if (calls === 1) return new Promise<Answer>((done) => (answerFirst = done));
        return { status: 200, body: page([SERVICE]) };
      });
      const first = fetchServices('gardening');
      await fetchServices('cleaning');
      answerFirst({ status: 200, body: page([{ ...SERVICE, id: 7, title: 'Hedge trimming' }]) });
      await first;
      expect(appStore.getState().service.services).toEqual([SERVICE]);
    });

    it('only logs a failure: no alert, the list stays cleared', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      setServiceStore({ services: [SERVICE] });
      api.on('GET /api/service/', { status: 500, body: {} });
      const result = await fetchServices('cleaning');
      expect(result.success).toBe(false);
      expect(warn).toHaveBeenCalled();
      expect(alert()).toBeNull();
      expect(appStore.getState().service.services).toEqual([]);
    });
  });

  describe('notifications', () => {
    it('lists them from GET /api/notifications into the store', async () => {
      api.on('GET /api/notifications', { status: 200, body: page([notification(2, false), notification(1, true)]) });
      const result = await fetchNotifications();
      expect(result).toEqual({ success: true, data: [notification(2, false), notification(1, true)] });
      expect(appStore.getState().service.notifications.map((item) => item.id)).toEqual([2, 1]);
    });

    it('follows every page, so that older notifications are listed too', async () => {
      api.on('GET /api/notifications', (request: { url: string }) => {
        const pageNumber = new URL(request.url, 'http://localhost').searchParams.get('page');
        return pageNumber === '1'
          ? { status: 200, body: { count: 2, next: 'http://localhost/api/notifications?page=2', previous: null, results: [notification(2, false)] } }
          : { status: 200, body: { count: 2, next: null, previous: 'x', results: [notification(1, false)] } };
      });
      await fetchNotifications();
      expect(appStore.getState().service.notifications.map((item) => item.id)).toEqual([2, 1]);
    });

    it('counts the unread ones with ?is_read=false, one call for simultaneous callers', async () => {
      api.on('GET /api/notifications', { status: 200, body: page([notification(2, false)], 31) });
      const [first, second] = await Promise.all([fetchUnreadNotificationCount(), fetchUnreadNotificationCount()]);
      expect(first).toEqual({ success: true, data: 31 });
      expect(second).toEqual(first);
      expect(api.calls).toHaveLength(1);
      expect(new URL(api.calls[0]!.url, 'http://localhost').search).toBe('?is_read=false');
    });

    it('marks one read with PATCH {is_read: true} under the loader, and updates the list', async () => {
      setServiceStore({ notifications: [notification(2, false), notification(1, false)] });
      let loaderDuringCall = false;
      api.on('PATCH /api/notifications/2/', () => {
        loaderDuringCall = appStore.getState().loading;
        return { status: 200, body: notification(2, true) };
      });
      const result = await markNotificationRead(2);
      expect(result.success).toBe(true);
      expect(api.calls[0]?.body).toEqual({ is_read: true });
      expect(loaderDuringCall).toBe(true);
      expect(appStore.getState().loading).toBe(false);
      expect(appStore.getState().service.notifications.map((item) => item.is_read)).toEqual([true, false]);
    });

    it('marks all read with POST /api/notifications/read-all/', async () => {
      setServiceStore({ notifications: [notification(2, false), notification(1, true)] });
      api.on('POST /api/notifications/read-all/', { status: 200, body: { updated: 1 } });
      await expect(markAllNotificationsRead()).resolves.toEqual({ success: true, data: { updated: 1 } });
      expect(appStore.getState().service.notifications.every((item) => item.is_read)).toBe(true);
    });

    it('keeps the list as it was when marking fails', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      setServiceStore({ notifications: [notification(2, false)] });
      api.on('POST /api/notifications/read-all/', { status: 500, body: {} });
      api.on('PATCH /api/notifications/2/', { status: 404, body: { error: true, message: 'Not found.' } });
      expect((await markAllNotificationsRead()).success).toBe(false);
      expect((await markNotificationRead(2)).success).toBe(false);
      expect(appStore.getState().service.notifications[0]?.is_read).toBe(false);
      expect(appStore.getState().loading).toBe(false);
    });
  });

  describe('submitReview', () => {
    it('makes no call without a rating or without text, and alerts "Rating & review are required"', async () => {
      for (const payload of [
        { service: 3, rating: null, review: 'Great' },
        { service: 3, rating: 4, review: '   ' },
        { service: 3, rating: 0, review: 'Great' },
        { service: 3, rating: 6, review: 'Great' },
        { service: 3, rating: 2.5, review: 'Great' },
      ]) {
        appStore.setState({ alert: null });
        const result = await submitReview(payload);
        expect(result.success).toBe(false);
        expect(alert()).toMatchObject({ message: 'Rating & review are required', type: 'error' });
      }
      expect(api.calls).toHaveLength(0);
    });

    it('posts {service, rating, review} and alerts "Review Submitted successfully"', async () => {
      api.on('POST /api/reviews/', {
        status: 201,
        body: { id: 1, service: 3, user_name: 'Anna S.', rating: 5, review: 'Spotless.', created_at: '2026-11-02T09:00:00Z' },
      });
      const result = await submitReview({ service: 3, rating: 5, review: ' Spotless. ' });
      expect(result.success).toBe(true);
      expect(api.callsTo('POST /api/reviews/')[0]?.body).toEqual({ service: 3, rating: 5, review: 'Spotless.' });
      expect(alert()).toMatchObject({ message: 'Review Submitted successfully', type: 'success' });
      expect(appStore.getState().loading).toBe(false);
    });

    it('alerts "Failed to Submit Review" when the API refuses it', async () => {
      api.on('POST /api/reviews/', { status: 400, body: { error: true, message: 'You have already reviewed this service.' } });
      const result = await submitReview({ service: 3, rating: 5, review: 'Again' });
      expect(result.success).toBe(false);
      expect(alert()).toMatchObject({ message: 'Failed to Submit Review', type: 'error' });
    });
  });
});
