/**
 * How the API client reaches the session without importing it (the session module imports
 * the client): the session registers these when it loads.
 */
export interface ApiAuthHooks {
  /** The bearer token to send, or null. */
  accessToken(): string | null;
  /** Whether a refresh could help after a 401 (a refresh token exists). */
  canRefresh(): boolean;
  /** Refreshes the tokens (one at a time); resolves whether the access token was renewed. */
  refresh(): Promise<boolean>;
}

const anonymous: ApiAuthHooks = {
  accessToken: () => null,
  canRefresh: () => false,
  refresh: async () => false,
};

let hooks: ApiAuthHooks = anonymous;

export function configureApiAuth(next: ApiAuthHooks | null): void {
  hooks = next ?? anonymous;
}

export function apiAuth(): ApiAuthHooks {
  return hooks;
}
