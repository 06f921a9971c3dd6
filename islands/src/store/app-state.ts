/**
 * What every island shares. Each field is one slice, with its own actions module. A persisted
 * slice (the auth session, in localStorage) keeps its initial value here, so the server
 * snapshot stays the same for every visitor, and is read from storage in the browser only.
 */
export interface AppState {
  /** The one alert on screen, or null. */
  readonly alert: Alert | null;
  /** The global loading flag behind the full-screen loader. */
  readonly loading: boolean;
  /** The signed-in session (spec section 3), restored from localStorage by the runtime. */
  readonly session: AuthSession;
}

/** `error` and `success` have their own look; any other type is shown as a warning. */
export type AlertType = 'error' | 'success' | 'warning' | (string & {});

export interface Alert {
  /** Unique per `showAlert` call, so the same message shown twice restarts its timer. */
  readonly id: number;
  readonly message: string;
  readonly type: AlertType;
}

/** A certificate of the user (api-contract: Accounts). */
export interface Certificate {
  readonly id: number;
  readonly name: string;
  /** A signed URL that expires (15 minutes), or null. */
  readonly file: string | null;
  /** ISO 8601 timestamp. */
  readonly uploaded_at: string;
}

/**
 * `GET /api/auth/profile/`. File fields are absolute URLs or null; documents' URLs expire.
 * Looser than the document's answer (`ProfileAnswer` in api/types.ts): text fields may be null,
 * `date_joined` missing. The profile calls store that answer as a User, so the typecheck fails
 * when the two stop fitting.
 */
export interface User {
  readonly id: number;
  readonly full_name: string;
  readonly email: string;
  readonly phone_number: string | null;
  readonly address_line_1: string | null;
  readonly postcode: string | null;
  readonly city: string | null;
  readonly country: string | null;
  readonly profile_picture: string | null;
  readonly resume: string | null;
  readonly passport: string | null;
  readonly utility_bill: string | null;
  /** `YYYY-MM-DD` or null. */
  readonly date_of_birth: string | null;
  readonly other_documents: string | null;
  readonly is_verified: boolean;
  readonly certificates: readonly Certificate[];
  readonly date_joined?: string;
}

/** The auth session, exactly the spec's fields. Authenticated = an access token exists. */
export interface AuthSession {
  readonly accessToken: string | null;
  readonly refreshToken: string | null;
  readonly user: User | null;
  /** The email of the last login, registration or reset request. */
  readonly email: string | null;
  /** When the access token expires, in milliseconds since the epoch. */
  readonly tokenExpiry: number | null;
  /** An account call is under way. */
  readonly loading: boolean;
  /** The alert text of the last failed account call, or null. */
  readonly error: string | null;
}

export const initialSession: AuthSession = Object.freeze({
  accessToken: null,
  refreshToken: null,
  user: null,
  email: null,
  tokenExpiry: null,
  loading: false,
  error: null,
});

export const initialAppState: AppState = Object.freeze({ alert: null, loading: false, session: initialSession });
