import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, installFakeApi, type FakeApi } from '../../../test/fake-api.ts';
import { storeSignedInSession } from '../../../test/signed-in-session.ts';
import { navigate } from '../navigation/navigate.ts';
import {
  appStore,
  fetchCategories,
  fetchWebsiteInfo,
  initialAppState,
  initialServiceStore,
  logout,
  resetServiceModule,
  resetSessionModule,
  resetWebsiteInfo,
  restoreServiceStore,
  restoreSession,
  SERVICE_STORAGE_KEY,
  setServiceStore,
  type Category,
  type Notification,
  type WebsiteInfo,
} from './index.ts';

vi.mock('../navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const CLEANING: Category = {
  id: 1,
  name: 'Cleaning',
  slug: 'cleaning',
  description: 'Homes and offices.',
  icon: 'broom',
  priority: 1,
  service_count: 12,
};

const NOTIFICATION: Notification = {
  id: 7,
  title: 'Booking confirmed',
  message: 'Your booking is confirmed.',
  link: '/user/bookings',
  is_read: false,
  created_at: '2026-11-02T09:00:00Z',
};

const INFO: WebsiteInfo = {
  id: 1,
  brand: 'Brightway',
  email: 'team@brightway.example',
  phones: ['+44 20 7946 0999'],
  address: '1 Other Street, London',
  opening_hours: 'Mon-Fri 09:00-18:00',
  socials: {},
};

const stored = () => JSON.parse(localStorage.getItem(SERVICE_STORAGE_KEY) ?? 'null') as Record<string, unknown> | null;
const service = () => appStore.getState().service;

describe('the service store', () => {
  let api: FakeApi;

  beforeEach(() => {
    localStorage.clear();
    resetSessionModule();
    resetServiceModule();
    api = installFakeApi();
    api.on('POST /api/auth/logout/', { status: 200, body: {} });
  });

  afterEach(() => {
    resetServiceModule();
    resetSessionModule();
    resetWebsiteInfo();
    appStore.setState(initialAppState);
    localStorage.clear();
    vi.mocked(navigate).mockClear();
  });

  it('starts empty with exactly the spec fields (the server snapshot)', () => {
    expect(appStore.getInitialState().service).toEqual({
      categories: [],
      services: [],
      currentService: null,
      applications: [],
      currentBooking: null,
      notifications: [],
      jobs: [],
      currentJob: null,
    });
  });

  it('is persisted in localStorage under "service" and restored once per page', () => {
    setServiceStore({ categories: [CLEANING] });
    expect(stored()).toEqual({ ...initialServiceStore, categories: [CLEANING] });

    // The next page.
    appStore.setState({ service: initialServiceStore });
    expect(restoreServiceStore()).toBe(true);
    expect(service().categories).toEqual([CLEANING]);
    // The server snapshot stays empty, so hydration matches.
    expect(appStore.getInitialState().service.categories).toEqual([]);
    expect(restoreServiceStore()).toBe(false);
  });

  it('restores nothing from an unreadable store, and drops fields of the wrong kind', () => {
    localStorage.setItem(SERVICE_STORAGE_KEY, '{not json');
    expect(restoreServiceStore()).toBe(false);
    expect(service()).toEqual(initialServiceStore);

    resetServiceModule();
    localStorage.setItem(SERVICE_STORAGE_KEY, JSON.stringify({ categories: 'x', jobs: [{ id: 1 }, 3], currentJob: [1] }));
    restoreServiceStore();
    expect(service()).toEqual({ ...initialServiceStore, jobs: [{ id: 1 }] });
  });

  it("gives a signed-out visitor no member's notifications from storage, and clears them on logout", () => {
    localStorage.setItem(SERVICE_STORAGE_KEY, JSON.stringify({ ...initialServiceStore, categories: [CLEANING], notifications: [NOTIFICATION] }));
    restoreServiceStore();
    expect(service().notifications).toEqual([]);
    expect(service().categories).toEqual([CLEANING]);

    resetServiceModule();
    storeSignedInSession({ user: { id: 1 } });
    restoreSession();
    localStorage.setItem(SERVICE_STORAGE_KEY, JSON.stringify({ ...initialServiceStore, notifications: [NOTIFICATION] }));
    restoreServiceStore();
    expect(service().notifications).toEqual([NOTIFICATION]);
    logout();
    expect(service().notifications).toEqual([]);
    expect(stored()?.notifications).toEqual([]);
  });

  it('loads the categories from GET /api/service/categories/', async () => {
    api.on('GET /api/service/categories/', { status: 200, body: { count: 1, next: null, previous: null, results: [CLEANING] } });
    await expect(fetchCategories()).resolves.toEqual({ success: true, data: [CLEANING] });
    expect(service().categories).toEqual([CLEANING]);
    expect(stored()?.categories).toEqual([CLEANING]);
  });

  it('only logs a failed fetch: no alert', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.on('GET /api/service/categories/', { status: 500, body: {} });
    api.on('GET /api/website-info/', { status: 500, body: {} });
    expect((await fetchCategories()).success).toBe(false);
    expect((await fetchWebsiteInfo()).success).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(appStore.getState().alert).toBeNull();
    expect(appStore.getState().loading).toBe(false);
  });
});

describe('the website info store', () => {
  let api: FakeApi;

  beforeEach(() => {
    api = installFakeApi();
  });

  afterEach(() => resetWebsiteInfo());

  it('has default contact values: a company email, two phone numbers and a London address', () => {
    const info = appStore.getInitialState().websiteInfo;
    expect(info.email).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(info.phone).toHaveLength(2);
    expect(info.address).toContain('London');
    expect(info.websiteInfo).toBeNull();
  });

  it('takes websiteInfo from the first item of GET /api/website-info/', async () => {
    api.on('GET /api/website-info/', { status: 200, body: { count: 2, next: null, previous: null, results: [INFO, { ...INFO, id: 2 }] } });
    await expect(fetchWebsiteInfo()).resolves.toEqual({ success: true, data: INFO });
    expect(appStore.getState().websiteInfo).toEqual({ ...appStore.getInitialState().websiteInfo, websiteInfo: INFO });
    await flushPromises();
    expect(api.callsTo('GET /api/website-info/')).toHaveLength(1);
  });
});
