// The shared store of all islands: import from here, not from the files behind it.
export type {
  Alert,
  AlertType,
  ApiRecord,
  AppState,
  AuthSession,
  Category,
  Certificate,
  Notification,
  Service,
  ServiceDetail,
  ServiceStore,
  User,
  WebsiteInfo,
  WebsiteInfoState,
} from './app-state.ts';
export { initialAppState, initialServiceStore, initialSession, initialWebsiteInfo } from './app-state.ts';
export { appStore } from './app-store.ts';
export { useAppStore } from './use-app-store.ts';
export { showAlert, dismissAlert } from './alert.ts';
export { setLoading } from './loading.ts';
export {
  AUTH_STORAGE_KEY,
  EXPIRY_CHECK_INTERVAL_MS,
  FALLBACK_TOKEN_LIFETIME_MS,
  REFRESH_WINDOW_MS,
  checkTokenExpiry,
  isExpiryCheckRunning,
  isSessionRestored,
  jwtExpiry,
  loadProfile,
  logout,
  profileAgeMs,
  readStoredSession,
  refreshSession,
  resetSessionModule,
  restoreSession,
  setProfile,
  setSession,
  startSignedInSession,
  tokenExpiryOf,
  type StoredSession,
} from './session.ts';
export {
  CATEGORIES_PATH,
  SERVICE_STORAGE_KEY,
  fetchCategories,
  readStoredServiceStore,
  resetServiceModule,
  restoreServiceStore,
  setServiceStore,
} from './service.ts';
export { WEBSITE_INFO_PATH, fetchWebsiteInfo, resetWebsiteInfo } from './website-info.ts';
