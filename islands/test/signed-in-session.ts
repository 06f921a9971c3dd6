import { AUTH_STORAGE_KEY } from '../src/lib/store/index.ts';

/** What a test may set in the stored session; the rest is a member signed in without a profile yet. */
interface SignedInSessionParts {
  readonly accessToken?: string;
  readonly user?: unknown;
  readonly email?: string | null;
}

/**
 * Stores a signed-in session in localStorage, as signing in on an earlier page leaves it, its
 * token valid for ten more minutes. Nothing is restored: the code under test (or the test,
 * with restoreSession) reads it.
 */
export function storeSignedInSession(parts: SignedInSessionParts = {}): void {
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({ accessToken: 'a', refreshToken: 'r', user: null, email: null, tokenExpiry: Date.now() + 600_000, ...parts }),
  );
}
