import type { ApiSchemas } from '../api/types.ts';

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
  /** The service store (spec section 3), persisted in localStorage, restored by the runtime. */
  readonly service: ServiceStore;
  /** The company's contact details (spec section 3), loaded by the runtime on every page. */
  readonly websiteInfo: WebsiteInfoState;
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

/** `GET /api/service/categories/`: one item. */
export type Category = ApiSchemas['CategoryView'];
/** `GET /api/service/`: one item. */
export type Service = ApiSchemas['ServiceView'];
/** `GET /api/service/{id}/`: the service with its latest reviews. */
export type ServiceDetail = ApiSchemas['ServiceDetailView'];
/** `GET /api/notifications`: one item. */
export type Notification = ApiSchemas['NotificationView'];
/** `GET /api/website-info/`: the first item. */
export type WebsiteInfo = ApiSchemas['WebsiteInfoView'];
/**
 * A record of a call the API document does not describe yet (bookings, jobs, applications):
 * kept as the server sent it, typed once the document has it.
 */
export type ApiRecord = { readonly [field: string]: unknown };

/** The service store: exactly the spec's fields. */
export interface ServiceStore {
  readonly categories: readonly Category[];
  readonly services: readonly Service[];
  readonly currentService: ServiceDetail | null;
  readonly applications: readonly ApiRecord[];
  readonly currentBooking: ApiRecord | null;
  readonly notifications: readonly Notification[];
  readonly jobs: readonly ApiRecord[];
  readonly currentJob: ApiRecord | null;
}

export const initialServiceStore: ServiceStore = Object.freeze({
  categories: [],
  services: [],
  currentService: null,
  applications: [],
  currentBooking: null,
  notifications: [],
  jobs: [],
  currentJob: null,
});

/** The website info store: default contact values, and the first item the API lists. */
export interface WebsiteInfoState {
  readonly email: string;
  /** Two numbers by default. */
  readonly phone: readonly string[];
  readonly address: string;
  /** The first item of `GET /api/website-info/`, or null until it has loaded. */
  readonly websiteInfo: WebsiteInfo | null;
}

export const initialWebsiteInfo: WebsiteInfoState = Object.freeze({
  email: 'hello@brightway.example',
  phone: Object.freeze(['+44 20 7946 0000', '+44 20 7946 0123']),
  address: '221 Example Street, London, W1A 1AA',
  websiteInfo: null,
});

export const initialAppState: AppState = Object.freeze({
  alert: null,
  loading: false,
  session: initialSession,
  service: initialServiceStore,
  websiteInfo: initialWebsiteInfo,
});
