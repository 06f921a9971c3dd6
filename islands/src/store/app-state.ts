/**
 * What every island shares. Each field is one slice; later slices (the auth session,
 * persisted in localStorage) are added here with their own actions module, e.g.
 * `session: AuthSession` with accessToken, refreshToken, user, email, tokenExpiry, loading,
 * error. A persisted slice keeps its initial value here (so the server snapshot stays the
 * same for every visitor) and is read from storage in the browser only.
 */
export interface AppState {
  /** The one alert on screen, or null. */
  readonly alert: Alert | null;
  /** The global loading flag behind the full-screen loader. */
  readonly loading: boolean;
}

/** `error` and `success` have their own look; any other type is shown as a warning. */
export type AlertType = 'error' | 'success' | 'warning' | (string & {});

export interface Alert {
  /** Unique per `showAlert` call, so the same message shown twice restarts its timer. */
  readonly id: number;
  readonly message: string;
  readonly type: AlertType;
}

export const initialAppState: AppState = Object.freeze({ alert: null, loading: false });
