// The login page, and links to it that come back here after signing in.

export const LOGIN_PATH = '/user/login';

/** `/user/login?redirect=<this page's path, query and hash>`: the way back after signing in. */
export function loginUrlReturningTo(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search + location.hash)}`;
}
