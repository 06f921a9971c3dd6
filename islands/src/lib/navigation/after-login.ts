// Where login leads: apart from redirect.ts so that the runtime does not carry it.

/** Where login goes without a usable `redirect` (spec section 2). */
export const DEFAULT_AFTER_LOGIN = '/user/profile';

/**
 * `value` as a path on this site (path, query and hash), or null. Only a path starting with a
 * single `/` is taken: never `//host`, `/\host` (browsers read both as another host), a full
 * URL or anything that resolves to another origin.
 */
export function sameSitePath(value: string | null | undefined, origin: string): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  // Browsers drop tabs and newlines inside URLs: "/\t/evil.com" would become "//evil.com".
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Where to go after login, from the login page's location: the `redirect` query path with its
 * hash (an unencoded `?redirect=/jobs#top` leaves the hash on the login page's URL, so that
 * one is taken when the path has none), else /user/profile.
 */
export function destinationAfterLogin(location: Pick<Location, 'search' | 'hash' | 'origin'>): string {
  const redirect = new URLSearchParams(location.search).get('redirect');
  const path = sameSitePath(redirect, location.origin);
  if (path === null) return DEFAULT_AFTER_LOGIN;
  if (!path.includes('#') && location.hash.length > 1) return path + location.hash;
  return path;
}
