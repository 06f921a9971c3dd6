// The auth session (spec sections 3, 4 and 9): persisted in localStorage, restored on every
// page by the runtime, kept fresh by a 30 s expiry check and one refresh at a time. This module
// is part of the runtime's code on every page, so it stays small: the account actions (forms,
// profile) live in src/lib/account/ and load with their islands only.
import { readStoredJson, writeStoredJson } from './local-storage.ts';
import { configureApiAuth } from '../api/auth-hooks.ts';
import { apiRequest } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { ActionResult } from '../api/result.ts';
import type { ApiSchemas, JsonBody, ProfileAnswer } from '../api/types.ts';
import { navigate } from '../navigation/navigate.ts';
import { LOGIN_PATH } from '../navigation/redirect.ts';
import { logWarning } from '../runtime/log.ts';
import { initialSession, type AuthSession, type User } from './app-state.ts';
import { appStore } from './app-store.ts';

export const AUTH_STORAGE_KEY = 'auth';
// Spec section 9.
export const EXPIRY_CHECK_INTERVAL_MS = 30_000;
export const REFRESH_WINDOW_MS = 2 * 60_000;
export const FALLBACK_TOKEN_LIFETIME_MS = 60 * 60_000;

export const PROFILE_PATH = '/api/auth/profile/';
export const TOKEN_REFRESH_PATH = '/api/auth/token/refresh/';
export const LOGOUT_PATH = '/api/auth/logout/';

/** What localStorage keeps under `auth`: the session without `loading` and `error`. */
export type StoredSession = Pick<AuthSession, 'accessToken' | 'refreshToken' | 'user' | 'email' | 'tokenExpiry'>;
const STORED_FIELDS = ['accessToken', 'refreshToken', 'user', 'email', 'tokenExpiry'] as const;

const currentSession = (): AuthSession => appStore.getState().session;

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The stored session, or null when there is none or it is unreadable. */
export function readStoredSession(): StoredSession | null {
  const value = readStoredJson(AUTH_STORAGE_KEY);
  if (value === null || typeof value !== 'object') return null;
  const stored = value as Record<string, unknown>;
  const accessToken = textOrNull(stored.accessToken);
  const signedIn = accessToken !== null;
  const user = stored.user;
  const expiry = stored.tokenExpiry;
  return {
    accessToken,
    refreshToken: signedIn ? textOrNull(stored.refreshToken) : null,
    user: signedIn && user !== null && typeof user === 'object' && !Array.isArray(user) ? (user as User) : null,
    email: textOrNull(stored.email),
    tokenExpiry: signedIn && typeof expiry === 'number' && Number.isFinite(expiry) ? expiry : null,
  };
}

function writeStoredSession(session: AuthSession): void {
  const stored: StoredSession = {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    user: session.user,
    email: session.email,
    tokenExpiry: session.tokenExpiry,
  };
  writeStoredJson(AUTH_STORAGE_KEY, stored);
}

/** Merges `patch` into the session; writes localStorage when a stored field changed. */
export function setSession(patch: Partial<AuthSession>): void {
  const before = currentSession();
  const after = { ...before, ...patch };
  const keys = Object.keys(patch) as (keyof AuthSession)[];
  if (!keys.some((key) => !Object.is(before[key], after[key]))) return;
  appStore.setState({ session: after });
  if (STORED_FIELDS.some((key) => !Object.is(before[key], after[key]))) writeStoredSession(after);
}

/** The `exp` claim of a JWT, in milliseconds since the epoch, or null if unreadable. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (payload === undefined || payload === '') return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)));
    const exp = claims !== null && typeof claims === 'object' ? (claims as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** When the access token expires: its `exp`, else one hour from `now`. */
export function tokenExpiryOf(accessToken: string, now: number = Date.now()): number {
  return jwtExpiry(accessToken) ?? now + FALLBACK_TOKEN_LIFETIME_MS;
}

// ---------- the expiry check ----------

let expiryTimer: ReturnType<typeof setInterval> | null = null;

/** Refreshes when the token has expired or has 2 minutes or less left. Returns whether it did. */
export function checkTokenExpiry(now: number = Date.now()): boolean {
  const { accessToken, tokenExpiry } = currentSession();
  if (accessToken === null) return false;
  if (tokenExpiry !== null && tokenExpiry - now > REFRESH_WINDOW_MS) return false;
  void refreshSession();
  return true;
}

export function startExpiryCheck(): void {
  stopExpiryCheck();
  expiryTimer = setInterval(() => checkTokenExpiry(), EXPIRY_CHECK_INTERVAL_MS);
}

export function stopExpiryCheck(): void {
  if (expiryTimer !== null) clearInterval(expiryTimer);
  expiryTimer = null;
}

export function isExpiryCheckRunning(): boolean {
  return expiryTimer !== null;
}

// ---------- signing in and out ----------

/** Stores the tokens of a login, computes the expiry and starts the expiry check. */
export function startSignedInSession(accessToken: string, refreshToken: string | null, email?: string): void {
  const patch: Partial<AuthSession> = {
    accessToken,
    refreshToken,
    tokenExpiry: tokenExpiryOf(accessToken),
    error: null,
  };
  setSession(email === undefined ? patch : { ...patch, email });
  startExpiryCheck();
}

/**
 * Clears tokens, user, expiry and the timer (spec section 4); the email stays. Also what is
 * left to do once the account itself is deleted (its sign-ins have ended on the server).
 */
export function clearSignedInSession(): void {
  stopExpiryCheck();
  profileLoadedAt = null;
  setSession({ accessToken: null, refreshToken: null, user: null, tokenExpiry: null, loading: false });
}

/**
 * Logs out: clears the session, revokes the refresh token on the server (best effort: the
 * call outlives the page), then goes to /user/login. After a failed refresh (`forced`) on the
 * login page itself, it stays, not to wipe what the visitor is typing.
 */
export function logout(options: { readonly forced?: boolean } = {}): void {
  const refresh = currentSession().refreshToken;
  clearSignedInSession();
  if (refresh !== null) {
    apiRequest(
      'POST',
      LOGOUT_PATH,
      // No bearer: the access token may have expired, and the refresh token says who it is.
      { json: { refresh } satisfies JsonBody<'RefreshBody'>, authorize: false, keepalive: true },
    ).catch((error: unknown) => logWarning('logout call failed', error));
  }
  if (options.forced === true && typeof window !== 'undefined' && window.location.pathname === LOGIN_PATH) return;
  navigate(LOGIN_PATH);
}

// ---------- refresh: one at a time ----------

let refreshing: Promise<boolean> | null = null;

/**
 * Another tab of this browser may have refreshed first (the refresh token rotates, so ours is
 * used up): takes its newer tokens from localStorage if they are fresh. Returns whether it did.
 */
function adoptNewerStoredTokens(now: number = Date.now()): boolean {
  const stored = readStoredSession();
  const session = currentSession();
  if (stored === null || stored.accessToken === null || stored.refreshToken === null) return false;
  if (stored.refreshToken === session.refreshToken || session.refreshToken === null) return false;
  if (stored.tokenExpiry === null || stored.tokenExpiry - now <= REFRESH_WINDOW_MS) return false;
  setSession({ accessToken: stored.accessToken, refreshToken: stored.refreshToken, tokenExpiry: stored.tokenExpiry });
  return true;
}

async function runRefresh(): Promise<boolean> {
  if (adoptNewerStoredTokens()) return true;
  const refresh = currentSession().refreshToken;
  if (refresh === null) return false;
  try {
    const tokens = await apiRequest<Partial<ApiSchemas['TokenPair']> | null>('POST', TOKEN_REFRESH_PATH, {
      json: { refresh } satisfies JsonBody<'RefreshBody'>,
      expect: 200,
      // An expired access token must not stand in the way of renewing it.
      authorize: false,
    });
    if (typeof tokens?.access !== 'string' || tokens.access === '') throw new ApiError(200, {});
    // Logged out (or signed in anew) while the call ran: that session wins.
    if (currentSession().refreshToken !== refresh) return currentSession().accessToken !== null;
    const nextRefresh = typeof tokens.refresh === 'string' && tokens.refresh !== '' ? tokens.refresh : refresh;
    setSession({ accessToken: tokens.access, refreshToken: nextRefresh, tokenExpiry: tokenExpiryOf(tokens.access) });
    return true;
  } catch (error) {
    // No answer or a server fault says nothing about the tokens: keep the session and let
    // the next check try again. Any other answer means the refresh token is no good.
    if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) {
      logWarning('token refresh got no answer; will try again', error);
      return false;
    }
    if (adoptNewerStoredTokens()) return true;
    if (currentSession().refreshToken === refresh) logout({ forced: true });
    return false;
  }
}

/** Runs `task` under a lock shared by this browser's tabs where the Web Locks API exists. */
async function withRefreshLock(task: () => Promise<boolean>): Promise<boolean> {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
  if (locks === undefined || typeof locks?.request !== 'function') return task();
  return await locks.request('islands-auth-refresh', task);
}

/**
 * Renews the access token (and the refresh token when one comes back). Only one refresh runs
 * at a time: concurrent callers share its promise. A rejected refresh token logs out.
 * Resolves whether the session now has a renewed access token.
 */
export function refreshSession(): Promise<boolean> {
  if (refreshing === null) {
    refreshing = withRefreshLock(runRefresh).finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

// ---------- the profile ----------

let profileLoadedAt: number | null = null;

/** Sets the signed-in user, e.g. from a profile update's answer. */
export function setProfile(user: User): void {
  profileLoadedAt = Date.now();
  setSession({ user });
}

/** How long ago the profile (and so its signed file URLs) was fetched; Infinity if unknown. */
export function profileAgeMs(now: number = Date.now()): number {
  return profileLoadedAt === null || currentSession().user === null ? Number.POSITIVE_INFINITY : now - profileLoadedAt;
}

let profileLoading: Promise<ActionResult<User>> | null = null;

/**
 * `GET /api/auth/profile/` into the session; callers while one is under way share it. A
 * failure is only logged (spec section 8).
 */
export function loadProfile(): Promise<ActionResult<User>> {
  if (profileLoading === null) {
    profileLoading = fetchProfile().finally(() => {
      profileLoading = null;
    });
  }
  return profileLoading;
}

async function fetchProfile(): Promise<ActionResult<User>> {
  try {
    if (currentSession().accessToken === null) throw new ApiError(401, {});
    const user = await apiRequest<ProfileAnswer>('GET', PROFILE_PATH, { expect: 200 });
    // Logged out while the call ran: the user is not to be kept.
    if (currentSession().accessToken === null) throw new ApiError(401, {});
    setProfile(user);
    return { success: true, data: user };
  } catch (error) {
    logWarning('could not load the profile', error);
    return { success: false, error };
  }
}

// ---------- restore, and other tabs ----------

let restored = false;

/** Another tab signed in, refreshed or logged out: follow it (without calling the API). */
function onStorage(event: StorageEvent): void {
  if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
  const stored = readStoredSession();
  const session = currentSession();
  if (stored === null || stored.accessToken === null) {
    if (session.accessToken !== null) {
      stopExpiryCheck();
      profileLoadedAt = null;
      appStore.setState({ session: { ...session, accessToken: null, refreshToken: null, user: null, tokenExpiry: null } });
    }
    return;
  }
  if (stored.accessToken === session.accessToken && stored.user === session.user) return;
  appStore.setState({ session: { ...session, ...stored } });
  if (expiryTimer === null) startExpiryCheck();
}

function onVisibilityChange(): void {
  // Background tabs run timers late: check at once when the tab is shown again.
  if (document.visibilityState === 'visible') checkTokenExpiry();
}

/**
 * Restores the persisted session, once per page (later calls only report). With a token it
 * starts the expiry check, checks at once (a token that expired while away is renewed now)
 * and loads the profile if it is not stored. Returns whether the visitor is signed in.
 */
export function restoreSession(): boolean {
  if (restored || typeof window === 'undefined') return currentSession().accessToken !== null;
  restored = true;
  const stored = readStoredSession();
  if (stored !== null) appStore.setState((state) => ({ session: { ...state.session, ...stored } }));
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onVisibilityChange);
  if (currentSession().accessToken === null) return false;
  startExpiryCheck();
  checkTokenExpiry();
  if (currentSession().user === null) void loadProfile();
  return true;
}

export function isSessionRestored(): boolean {
  return restored;
}

/** Back to a fresh page: no timer, no refresh, nothing restored (for the tests). */
export function resetSessionModule(): void {
  stopExpiryCheck();
  refreshing = null;
  profileLoading = null;
  restored = false;
  profileLoadedAt = null;
  if (typeof window !== 'undefined') {
    window.removeEventListener('storage', onStorage);
    document.removeEventListener('visibilitychange', onVisibilityChange);
  }
  appStore.setState({ session: initialSession });
}

// The API client sends this session's token and refreshes through it.
configureApiAuth({
  accessToken: () => currentSession().accessToken,
  canRefresh: () => currentSession().refreshToken !== null,
  refresh: refreshSession,
});
