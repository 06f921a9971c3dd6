import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, installFakeApi, jwtExpiringIn, makeJwt, type FakeApi } from '../../../test/fake-api.ts';
import { apiRequest } from '../api/index.ts';
import { navigate } from '../navigation/navigate.ts';
import {
  appStore,
  AUTH_STORAGE_KEY,
  checkTokenExpiry,
  isExpiryCheckRunning,
  logout,
  readStoredSession,
  refreshSession,
  resetSessionModule,
  restoreSession,
  startSignedInSession,
  tokenExpiryOf,
  type User,
} from './index.ts';

vi.mock('../navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const NOW = new Date('2025-03-01T09:00:00Z').getTime();
const session = () => appStore.getState().session;
const stored = () => JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as Record<string, unknown> | null;

const USER: User = {
  id: 1,
  full_name: 'Anna Smith',
  email: 'anna@example.co.uk',
  phone_number: '07700900123',
  address_line_1: null,
  postcode: null,
  city: null,
  country: null,
  profile_picture: null,
  resume: null,
  passport: null,
  utility_bill: null,
  date_of_birth: null,
  other_documents: null,
  is_verified: true,
  certificates: [],
};

/** What a previous page left in localStorage. */
function storeSession(value: Record<string, unknown>): void {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(value));
}

describe('the auth session', () => {
  let api: FakeApi;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
    localStorage.clear();
    resetSessionModule();
    vi.mocked(navigate).mockClear();
    api = installFakeApi();
    api.on('POST /api/auth/logout/', { status: 200, body: {} });
    api.on('GET /api/auth/profile/', { status: 200, body: USER });
  });

  afterEach(() => {
    resetSessionModule();
    localStorage.clear();
    vi.useRealTimers();
  });

  describe('persistence', () => {
    it('starts signed out: the server snapshot has exactly the spec fields', () => {
      expect(appStore.getInitialState().session).toEqual({
        accessToken: null,
        refreshToken: null,
        user: null,
        email: null,
        tokenExpiry: null,
        loading: false,
        error: null,
      });
    });

    it('stores the session under "auth" without loading and error', () => {
      const access = jwtExpiringIn(900);
      startSignedInSession(access, 'refresh-1', 'anna@example.co.uk');
      expect(stored()).toEqual({
        accessToken: access,
        refreshToken: 'refresh-1',
        user: null,
        email: 'anna@example.co.uk',
        tokenExpiry: NOW + 900_000,
      });
    });

    it('restores a stored session once per page, starts the expiry check, and keeps the server snapshot signed out', () => {
      const access = jwtExpiringIn(900);
      storeSession({ accessToken: access, refreshToken: 'r', user: USER, email: 'anna@example.co.uk', tokenExpiry: NOW + 900_000 });
      expect(restoreSession()).toBe(true);
      expect(session()).toEqual({
        accessToken: access,
        refreshToken: 'r',
        user: USER,
        email: 'anna@example.co.uk',
        tokenExpiry: NOW + 900_000,
        loading: false,
        error: null,
      });
      expect(isExpiryCheckRunning()).toBe(true);
      expect(appStore.getInitialState().session.accessToken).toBeNull();
      // The user was stored: no profile call; the token is fresh: no refresh.
      expect(api.calls).toHaveLength(0);

      // A second call does not read storage again.
      localStorage.clear();
      expect(restoreSession()).toBe(true);
      expect(session().accessToken).toBe(access);
    });

    it('loads the profile on restore when none is stored', async () => {
      storeSession({ accessToken: jwtExpiringIn(900), refreshToken: 'r', user: null, email: null, tokenExpiry: NOW + 900_000 });
      restoreSession();
      await flushPromises();
      expect(api.callsTo('GET /api/auth/profile/')).toHaveLength(1);
      expect(session().user).toEqual(USER);
      expect((stored() as { user: unknown }).user).toEqual(USER);
    });

    it('restores nothing from an empty, unreadable or token-less store', () => {
      expect(restoreSession()).toBe(false);
      expect(isExpiryCheckRunning()).toBe(false);

      resetSessionModule();
      localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
      expect(restoreSession()).toBe(false);
      expect(session().accessToken).toBeNull();

      resetSessionModule();
      storeSession({ accessToken: null, refreshToken: 'r', user: USER, email: 'a@b.co', tokenExpiry: 5 });
      expect(restoreSession()).toBe(false);
      expect(session()).toMatchObject({ accessToken: null, refreshToken: null, user: null, email: 'a@b.co' });
      expect(api.calls).toHaveLength(0);
    });

    it('refreshes at once on restore when the stored token has expired', async () => {
      storeSession({ accessToken: 'old', refreshToken: 'r1', user: USER, email: null, tokenExpiry: NOW - 1000 });
      const renewed = jwtExpiringIn(900);
      api.on('POST /api/auth/token/refresh/', { status: 200, body: { access: renewed, refresh: 'r2' } });
      restoreSession();
      await flushPromises();
      expect(api.callsTo('POST /api/auth/token/refresh/')).toHaveLength(1);
      expect(session()).toMatchObject({ accessToken: renewed, refreshToken: 'r2' });
    });
  });

  describe('token expiry', () => {
    it('comes from the JWT exp claim', () => {
      expect(tokenExpiryOf(makeJwt({ exp: 1_900_000_000, user_id: 1 }))).toBe(1_900_000_000_000);
    });

    it('falls back to one hour from now when exp is unreadable', () => {
      expect(tokenExpiryOf('not-a-jwt')).toBe(NOW + 3_600_000);
      expect(tokenExpiryOf(makeJwt({ user_id: 1 }))).toBe(NOW + 3_600_000);
      expect(tokenExpiryOf(makeJwt({ exp: 'tomorrow' }))).toBe(NOW + 3_600_000);
      expect(tokenExpiryOf('a.%%%.c')).toBe(NOW + 3_600_000);
    });
  });

  describe('the 30 s expiry check', () => {
    it('does not refresh at 2:01 left, and does at the next check', async () => {
      api.on('POST /api/auth/token/refresh/', { status: 200, body: { access: 'next', refresh: 'r2' } });
      // 2:31 left now: 2:01 at the first check, 1:31 at the second.
      startSignedInSession(jwtExpiringIn(151), 'r1');
      await vi.advanceTimersByTimeAsync(29_999);
      expect(api.calls).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(api.callsTo('POST /api/auth/token/refresh/')).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(api.callsTo('POST /api/auth/token/refresh/')).toHaveLength(1);
    });

    it('refreshes at exactly 2:00 left', async () => {
      api.on('POST /api/auth/token/refresh/', { status: 200, body: { access: jwtExpiringIn(900 + 30) } });
      startSignedInSession(jwtExpiringIn(150), 'r1');
      await vi.advanceTimersByTimeAsync(30_000);
      expect(api.callsTo('POST /api/auth/token/refresh/')).toHaveLength(1);
      expect(api.callsTo('POST /api/auth/token/refresh/')[0]?.body).toEqual({ refresh: 'r1' });
    });

    it('refreshes an expired token, and not a fresh one', () => {
      api.on('POST /api/auth/token/refresh/', { status: 200, body: { access: 'x' } });
      startSignedInSession(jwtExpiringIn(600), 'r1');
      expect(checkTokenExpiry()).toBe(false);
      expect(checkTokenExpiry(NOW + 600_000 + 1)).toBe(true);
    });

    it('stops on logout', () => {
      startSignedInSession(jwtExpiringIn(900), 'r1');
      expect(isExpiryCheckRunning()).toBe(true);
      logout();
      expect(isExpiryCheckRunning()).toBe(false);
    });
  });

  describe('refresh', () => {
    it('replaces the access token, and the refresh token when one comes back', async () => {
      startSignedInSession(jwtExpiringIn(60), 'r1');
      const second = jwtExpiringIn(900);
      api.on('POST /api/auth/token/refresh/', { status: 200, body: { access: second, refresh: 'r2' } });
      await expect(refreshSession()).resolves.toBe(true);
      expect(session()).toMatchObject({ accessToken: second, refreshToken: 'r2', tokenExpiry: NOW + 900_000 });
      expect(stored()).toMatchObject({ accessToken: second, refreshToken: 'r2' });
      // The refresh call carries no bearer: an expired access token must not block it.
      expect(api.calls[0]?.headers.authorization).toBeUndefined();

      const third = jwtExpiringIn(1200);
      api.on('POST /api/auth/token/refresh/', { status: 200, body: { access: third } });
      await refreshSession();
      expect(session()).toMatchObject({ accessToken: third, refreshToken: 'r2' });
    });

    it('runs one at a time: two concurrent 401s make exactly one refresh call', async () => {
      startSignedInSession('old-access', 'r1');
      api.on('POST /api/auth/token/refresh/', async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return { status: 200, body: { access: 'new-access', refresh: 'r2' } };
      });
      api.on('GET /api/auth/profile/', (call) =>
        call.headers.authorization === 'Bearer new-access' ? { status: 200, body: USER } : { status: 401, body: { detail: 'expired' } },
      );
      api.on('GET /api/service/booking/', (call) =>
        call.headers.authorization === 'Bearer new-access' ? { status: 200, body: { results: [] } } : { status: 401, body: { detail: 'expired' } },
      );
      const both = Promise.all([apiRequest('GET', '/api/auth/profile/'), apiRequest('GET', '/api/service/booking/')]);
      await vi.advanceTimersByTimeAsync(100);
      await expect(both).resolves.toEqual([USER, { results: [] }]);
      expect(api.callsTo('POST /api/auth/token/refresh/')).toHaveLength(1);
      expect(api.callsTo('GET /api/auth/profile/')).toHaveLength(2);
      expect(api.callsTo('GET /api/service/booking/')).toHaveLength(2);
    });

    it('retries a 401 exactly once: a second 401 is the answer', async () => {
      startSignedInSession('old-access', 'r1');
      api.on('POST /api/auth/token/refresh/', { status: 200, body: { access: 'new-access' } });
      api.on('GET /api/auth/profile/', { status: 401, body: { detail: 'no' } });
      await expect(apiRequest('GET', '/api/auth/profile/')).rejects.toMatchObject({ status: 401 });
      expect(api.callsTo('GET /api/auth/profile/').map((call) => call.headers.authorization)).toEqual([
        'Bearer old-access',
        'Bearer new-access',
      ]);
      expect(api.callsTo('POST /api/auth/token/refresh/')).toHaveLength(1);
    });

    it('logs out when the refresh is refused, then goes to /user/login', async () => {
      startSignedInSession('old-access', 'r1', 'anna@example.co.uk');
      appStore.setState({ session: { ...session(), user: USER } });
      api.on('POST /api/auth/token/refresh/', { status: 401, body: { error: true, message: 'Token is invalid', detail: 'Token is invalid' } });
      api.on('GET /api/auth/profile/', { status: 401, body: { detail: 'expired' } });
      await expect(apiRequest('GET', '/api/auth/profile/')).rejects.toMatchObject({ status: 401 });
      expect(session()).toMatchObject({ accessToken: null, refreshToken: null, user: null, tokenExpiry: null });
      expect(isExpiryCheckRunning()).toBe(false);
      expect(stored()).toMatchObject({ accessToken: null, refreshToken: null, user: null, tokenExpiry: null });
      expect(navigate).toHaveBeenCalledWith('/user/login');
      expect(api.callsTo('GET /api/auth/profile/')).toHaveLength(1);
    });

    it('logs out when the 30 s check cannot refresh', async () => {
      startSignedInSession(jwtExpiringIn(100), 'r1');
      api.on('POST /api/auth/token/refresh/', { status: 401, body: { detail: 'Token is blacklisted' } });
      await vi.advanceTimersByTimeAsync(30_000);
      expect(session().accessToken).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/user/login');
    });

    it('keeps the session when the refresh gets no answer or a server fault, and tries again later', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      startSignedInSession(jwtExpiringIn(100), 'r1');
      api.on('POST /api/auth/token/refresh/', { status: 503, body: {} }, { status: 200, body: { access: 'later' } });
      api.fetchMock.mockRejectedValueOnce(new TypeError('offline'));
      await vi.advanceTimersByTimeAsync(30_000);
      expect(session().refreshToken).toBe('r1');
      await vi.advanceTimersByTimeAsync(30_000);
      expect(session().refreshToken).toBe('r1');
      await vi.advanceTimersByTimeAsync(30_000);
      expect(session().accessToken).toBe('later');
      expect(navigate).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledTimes(2);
    });

    it('takes the tokens another tab refreshed instead of logging out', async () => {
      startSignedInSession('old-access', 'r1');
      const theirs = jwtExpiringIn(900);
      api.on('POST /api/auth/token/refresh/', () => {
        // The other tab used r1 first and stored its rotated tokens.
        storeSession({ accessToken: theirs, refreshToken: 'r2', user: null, email: null, tokenExpiry: NOW + 900_000 });
        return { status: 401, body: { detail: 'Token is blacklisted' } };
      });
      await expect(refreshSession()).resolves.toBe(true);
      expect(session()).toMatchObject({ accessToken: theirs, refreshToken: 'r2' });
      expect(navigate).not.toHaveBeenCalled();
    });

    it('does not bring a session back when the user logged out during the refresh', async () => {
      startSignedInSession('old-access', 'r1');
      let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
      api.on('POST /api/auth/token/refresh/', () => new Promise((resolve) => (answer = resolve)));
      const refreshing = refreshSession();
      await flushPromises();
      logout();
      answer({ status: 200, body: { access: 'late', refresh: 'r9' } });
      await expect(refreshing).resolves.toBe(false);
      expect(session().accessToken).toBeNull();
    });
  });

  describe('logout', () => {
    it('clears tokens, user and expiry, revokes the refresh token best-effort and goes to /user/login', () => {
      startSignedInSession(jwtExpiringIn(900), 'r1', 'anna@example.co.uk');
      appStore.setState({ session: { ...session(), user: USER } });
      logout();
      expect(session()).toMatchObject({
        accessToken: null,
        refreshToken: null,
        user: null,
        tokenExpiry: null,
        email: 'anna@example.co.uk',
      });
      expect(stored()).toEqual({ accessToken: null, refreshToken: null, user: null, email: 'anna@example.co.uk', tokenExpiry: null });
      const call = api.callsTo('POST /api/auth/logout/')[0];
      expect(call?.body).toEqual({ refresh: 'r1' });
      expect(call?.keepalive).toBe(true);
      expect(call?.headers.authorization).toBeUndefined();
      expect(navigate).toHaveBeenCalledWith('/user/login');
    });

    it('still goes to /user/login when the logout call fails', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      api.fetchMock.mockRejectedValueOnce(new TypeError('offline'));
      startSignedInSession(jwtExpiringIn(900), 'r1');
      logout();
      await flushPromises();
      expect(navigate).toHaveBeenCalledWith('/user/login');
      expect(warn).toHaveBeenCalled();
    });
  });

  describe('other tabs', () => {
    it('follow a login and a logout made in another tab', () => {
      restoreSession();
      const access = jwtExpiringIn(900);
      storeSession({ accessToken: access, refreshToken: 'r', user: USER, email: null, tokenExpiry: NOW + 900_000 });
      window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY }));
      expect(session()).toMatchObject({ accessToken: access, user: USER });
      expect(isExpiryCheckRunning()).toBe(true);

      storeSession({ accessToken: null, refreshToken: null, user: null, email: null, tokenExpiry: null });
      window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY }));
      expect(session().accessToken).toBeNull();
      expect(isExpiryCheckRunning()).toBe(false);
      expect(readStoredSession()?.accessToken).toBeNull();
      expect(navigate).not.toHaveBeenCalled();
    });
  });
});
