// The account actions (spec sections 4, 7 and 8): each returns {success: true, data} or
// {success: false, error}, shows the spec's alert, and switches the global loader around the
// call. They load with the account islands only, never with the runtime.
import { apiRequest } from '../api/client.ts';
import { ApiError, errorBodyOf, type ApiErrorBody } from '../api/errors.ts';
import type { ActionResult } from '../api/result.ts';
import type { ApiSchemas, JsonBody, ProfileAnswer } from '../api/types.ts';
import { apiUpload } from '../api/upload.ts';
import { navigate } from '../navigation/navigate.ts';
import { destinationAfterLogin } from '../navigation/after-login.ts';
import { LOGIN_PATH } from '../navigation/redirect.ts';
import { mergeVisitorBookmarks } from '../member-services/bookmarks.ts';
import { logWarning } from '../runtime/log.ts';
import type { User } from '../store/app-state.ts';
import { showAlert } from '../store/alert.ts';
import { setLoading } from '../store/loading.ts';
import { loadProfile, PROFILE_PATH, setProfile, setSession, startSignedInSession } from '../store/session.ts';
import {
  FALLBACK,
  loginErrorMessage,
  passwordUpdateErrorMessage,
  profileUpdateErrorMessage,
  registerErrorMessage,
  resendErrorMessage,
  resetConfirmErrorMessage,
  resetRequestErrorMessage,
  SUCCESS,
  verifyErrorMessage,
} from './messages.ts';

export const AUTH_PATHS = {
  login: '/api/auth/login/',
  register: '/api/auth/register/',
  verify: '/api/auth/verify-email/',
  resend: '/api/auth/resend-otp/',
  resetRequest: '/api/auth/password-reset/',
  resetConfirm: '/api/auth/password-reset-confirm/',
  profile: PROFILE_PATH,
  updatePassword: '/api/auth/update-password/',
  certificate: (id: number | string) => `/api/auth/certificate/${encodeURIComponent(String(id))}/`,
} as const;

export const VERIFY_PAGE = '/user/verify';

/** The answer of the calls that only confirm (verify, resend, reset, password change). */
type MessageAnswer = ApiSchemas['MessageAnswer'];

interface AccountCall<Data> {
  readonly call: () => Promise<Data>;
  readonly errorMessage: (body: ApiErrorBody) => string;
  readonly successMessage?: string;
  /** Runs after the success alert (e.g. navigates). */
  readonly then?: (data: Data) => void | Promise<void>;
  /** Whether the full-screen loader covers the call (not for uploads: they show progress). */
  readonly loader?: boolean;
}

async function runAccountCall<Data>(action: AccountCall<Data>): Promise<ActionResult<Data>> {
  const loader = action.loader ?? true;
  if (loader) setLoading(true);
  setSession({ loading: true, error: null });
  try {
    let data: Data;
    try {
      data = await action.call();
    } catch (error) {
      if (!(error instanceof ApiError)) logWarning('account call failed', error);
      const message = action.errorMessage(errorBodyOf(error));
      setSession({ loading: false, error: message });
      showAlert(message, 'error');
      return { success: false, error };
    }
    setSession({ loading: false });
    if (action.successMessage !== undefined) showAlert(action.successMessage, 'success');
    await action.then?.(data);
    return { success: true, data };
  } finally {
    if (loader) setLoading(false);
  }
}

export type LoginPayload = JsonBody<'LoginBody'>;

export type LoginTokens = ApiSchemas['TokenPair'] & { readonly second_factor?: ApiSchemas['SecondFactor'] | null };

/**
 * `POST /api/auth/login/`: stores the tokens, starts the expiry check, loads the profile,
 * merges the visitor's bookmarks into the account and goes to the `redirect` query path (same
 * site only, hash kept) or /user/profile. A staff account stays on the page: the login form
 * asks for its second factor (`second_factor`) before the back office opens.
 */
export function login(payload: LoginPayload): Promise<ActionResult<LoginTokens>> {
  return runAccountCall<LoginTokens>({
    call: async () => {
      const tokens = await apiRequest<Partial<ApiSchemas['LoginAnswer']> | null>('POST', AUTH_PATHS.login, {
        json: { email: payload.email, password: payload.password } satisfies LoginPayload,
        expect: 200,
        // A 401 here is a wrong password, not an expired session.
        retryOn401: false,
      });
      if (typeof tokens?.access !== 'string' || tokens.access === '') throw new ApiError(200, {});
      const secondFactor = tokens.second_factor === 'enrol' || tokens.second_factor === 'code' ? tokens.second_factor : null;
      return { access: tokens.access, refresh: typeof tokens.refresh === 'string' ? tokens.refresh : '', second_factor: secondFactor };
    },
    errorMessage: loginErrorMessage,
    then: async (tokens) => {
      startSignedInSession(tokens.access, tokens.refresh === '' ? null : tokens.refresh, payload.email);
      await loadProfile();
      // The bookmarks saved while signed out go to the account, and leave this browser.
      await mergeVisitorBookmarks();
      if (tokens.second_factor == null) navigate(destinationAfterLogin(window.location));
    },
  });
}

export type RegisterPayload = JsonBody<'RegisterBody'>;

/** `POST /api/auth/register/` (201), then /user/verify?email=... */
export function register(payload: RegisterPayload): Promise<ActionResult<ApiSchemas['RegisterAnswer']>> {
  return runAccountCall({
    call: () =>
      apiRequest<ApiSchemas['RegisterAnswer']>('POST', AUTH_PATHS.register, {
        json: {
          full_name: payload.full_name,
          email: payload.email,
          phone_number: payload.phone_number,
          password: payload.password,
        } satisfies RegisterPayload,
        expect: 201,
      }),
    errorMessage: registerErrorMessage,
    successMessage: SUCCESS.register,
    then: () => {
      setSession({ email: payload.email });
      navigate(`${VERIFY_PAGE}?email=${encodeURIComponent(payload.email)}`);
    },
  });
}

export type VerifyPayload = JsonBody<'VerifyBody'>;

/** `POST /api/auth/verify-email/`, then /user/login. */
export function verifyEmail(payload: VerifyPayload): Promise<ActionResult<MessageAnswer>> {
  return runAccountCall({
    call: () =>
      apiRequest<MessageAnswer>('POST', AUTH_PATHS.verify, {
        json: { email: payload.email, otp: payload.otp } satisfies VerifyPayload,
        expect: 200,
      }),
    errorMessage: verifyErrorMessage,
    successMessage: SUCCESS.verify,
    then: () => navigate(LOGIN_PATH),
  });
}

/** `POST /api/auth/resend-otp/`. */
export function resendVerificationCode(email: string): Promise<ActionResult<MessageAnswer>> {
  return runAccountCall({
    call: () => apiRequest<MessageAnswer>('POST', AUTH_PATHS.resend, { json: { email } satisfies JsonBody<'EmailBody'>, expect: 200 }),
    errorMessage: resendErrorMessage,
    successMessage: SUCCESS.resend,
  });
}

/** `POST /api/auth/password-reset/`: a code is emailed. */
export function requestPasswordReset(email: string): Promise<ActionResult<MessageAnswer>> {
  return runAccountCall({
    call: () => apiRequest<MessageAnswer>('POST', AUTH_PATHS.resetRequest, { json: { email } satisfies JsonBody<'EmailBody'>, expect: 200 }),
    errorMessage: resetRequestErrorMessage,
    successMessage: SUCCESS.resetRequest,
    then: () => setSession({ email }),
  });
}

export type ResetConfirmPayload = JsonBody<'ResetConfirmBody'>;

/** `POST /api/auth/password-reset-confirm/`, then /user/login. */
export function confirmPasswordReset(payload: ResetConfirmPayload): Promise<ActionResult<MessageAnswer>> {
  return runAccountCall({
    call: () =>
      apiRequest<MessageAnswer>('POST', AUTH_PATHS.resetConfirm, {
        json: { email: payload.email, otp: payload.otp, password: payload.password } satisfies ResetConfirmPayload,
        expect: 200,
      }),
    errorMessage: resetConfirmErrorMessage,
    successMessage: SUCCESS.resetConfirm,
    then: () => navigate(LOGIN_PATH),
  });
}

export interface ProfileUpdateOptions {
  /** Upload progress, 0 to 1. */
  readonly onProgress?: (fraction: number) => void;
  /** Whether the full-screen loader covers the call (default true; uploads show progress instead). */
  readonly loader?: boolean;
}

/** `PATCH /api/auth/profile/` as multipart (text fields and files); the answer becomes the user. */
export function updateProfile(form: FormData, options: ProfileUpdateOptions = {}): Promise<ActionResult<User>> {
  return runAccountCall<User>({
    call: () =>
      apiUpload<ProfileAnswer>(
        'PATCH',
        AUTH_PATHS.profile,
        form,
        options.onProgress === undefined ? { expect: 200 } : { expect: 200, onProgress: options.onProgress },
      ),
    errorMessage: profileUpdateErrorMessage,
    successMessage: SUCCESS.profileUpdate,
    then: (user) => setProfile(user),
    loader: options.loader ?? true,
  });
}

/** `DELETE /api/auth/certificate/{id}/` (204), then the profile is reloaded. Errors are only logged. */
export async function removeCertificate(id: number): Promise<ActionResult<null>> {
  setLoading(true);
  try {
    await apiRequest('DELETE', AUTH_PATHS.certificate(id), { expect: 204 });
  } catch (error) {
    logWarning(`could not remove certificate ${id}`, error);
    return { success: false, error };
  } finally {
    setLoading(false);
  }
  showAlert(SUCCESS.certificateRemoved, 'success');
  await loadProfile();
  return { success: true, data: null };
}

export interface ChangePasswordFields {
  /** The form field current_password, sent as old_password. */
  readonly current_password: string;
  readonly new_password: string;
}

/** `PUT /api/auth/update-password/ {old_password, new_password}`. */
export function changePassword(fields: ChangePasswordFields): Promise<ActionResult<MessageAnswer>> {
  return runAccountCall({
    call: () =>
      apiRequest<MessageAnswer>('PUT', AUTH_PATHS.updatePassword, {
        json: { old_password: fields.current_password, new_password: fields.new_password } satisfies JsonBody<'PasswordChange'>,
        expect: 200,
      }),
    errorMessage: passwordUpdateErrorMessage,
    successMessage: SUCCESS.passwordUpdate,
  });
}

export { FALLBACK, SUCCESS };
