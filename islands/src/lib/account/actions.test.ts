import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, installFakeApi, jwtExpiringIn, type FakeApi } from '../../../test/fake-api.ts';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { navigate } from '../navigation/navigate.ts';
import { appStore, initialAppState, isExpiryCheckRunning, resetSessionModule, startSignedInSession, type User } from '../store/index.ts';
import {
  changePassword,
  confirmPasswordReset,
  login,
  register,
  removeCertificate,
  requestPasswordReset,
  resendVerificationCode,
  updateProfile,
  verifyEmail,
} from './actions.ts';

vi.mock('../navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const NOW = new Date('2025-03-01T09:00:00Z').getTime();
const alert = () => appStore.getState().alert;
const session = () => appStore.getState().session;

const USER: User = {
  id: 1,
  full_name: 'Anna Smith',
  email: 'anna@example.co.uk',
  phone_number: '07700900123',
  address_line_1: null,
  postcode: null,
  city: null,
  country: null,
  profile_picture: null,
  resume: null,
  passport: null,
  utility_bill: null,
  date_of_birth: null,
  other_documents: null,
  is_verified: true,
  certificates: [{ id: 5, name: 'First aid', file: 'https://cdn.example/c.pdf?sig=1', uploaded_at: '2025-01-02T10:00:00Z' }],
};

function setLocation(search: string, hash = ''): void {
  window.history.replaceState(null, '', `/user/login${search}${hash}`);
}

describe('account actions', () => {
  let api: FakeApi;
  let loaderStates: boolean[];
  let unsubscribe: () => void;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
    localStorage.clear();
    resetSessionModule();
    appStore.setState(initialAppState);
    vi.mocked(navigate).mockClear();
    api = installFakeApi();
    loaderStates = [];
    let last = false;
    unsubscribe = appStore.subscribe(() => {
      const loading = appStore.getState().loading;
      if (loading !== last) loaderStates.push(loading);
      last = loading;
    });
  });

  afterEach(() => {
    unsubscribe();
    resetSessionModule();
    appStore.setState(initialAppState);
    window.history.replaceState(null, '', '/');
    vi.useRealTimers();
  });

  describe('login', () => {
    it('stores the tokens, starts the expiry check, loads the profile and goes to /user/profile', async () => {
      setLocation('');
      const access = jwtExpiringIn(900);
      api.on('POST /api/auth/login/', { status: 200, body: { access, refresh: 'r1' } });
      api.on('GET /api/auth/profile/', { status: 200, body: USER });
      const result = await login({ email: 'anna@example.co.uk', password: 'correct horse' });
      expect(result).toEqual({ success: true, data: { access, refresh: 'r1', second_factor: null } });
      expect(api.callsTo('POST /api/auth/login/')[0]?.body).toEqual({ email: 'anna@example.co.uk', password: 'correct horse' });
      expect(session()).toMatchObject({ accessToken: access, refreshToken: 'r1', email: 'anna@example.co.uk', user: USER, tokenExpiry: NOW + 900_000, loading: false, error: null });
      expect(isExpiryCheckRunning()).toBe(true);
      expect(api.callsTo('GET /api/auth/profile/')[0]?.headers.authorization).toBe(`Bearer ${access}`);
      expect(navigate).toHaveBeenCalledWith('/user/profile');
      expect(loaderStates).toEqual([true, false]);
      expect(alert()).toBeNull();
    });

    it('goes to the redirect path with its hash, and never off the site', async () => {
      api.on('POST /api/auth/login/', { status: 200, body: { access: 'a', refresh: 'r' } });
      api.on('GET /api/auth/profile/', { status: 200, body: USER });
      setLocation(`?redirect=${encodeURIComponent('/user/bookings?page=2#booking-3')}`);
      await login({ email: 'a@b.co', password: 'p' });
      expect(navigate).toHaveBeenLastCalledWith('/user/bookings?page=2#booking-3');
      setLocation('?redirect=//evil.com');
      await login({ email: 'a@b.co', password: 'p' });
      expect(navigate).toHaveBeenLastCalledWith('/user/profile');
      setLocation(`?redirect=${encodeURIComponent('https://evil.com/user/profile')}`);
      await login({ email: 'a@b.co', password: 'p' });
      expect(navigate).toHaveBeenLastCalledWith('/user/profile');
    });

    it('still navigates when the profile cannot be loaded', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      setLocation('');
      api.on('POST /api/auth/login/', { status: 200, body: { access: 'a', refresh: 'r' } });
      api.on('GET /api/auth/profile/', { status: 500, body: {} });
      expect((await login({ email: 'a@b.co', password: 'p' })).success).toBe(true);
      expect(navigate).toHaveBeenCalledWith('/user/profile');
    });

    it.each([
      [{ status: 401, body: { error: true, message: 'x', detail: 'No active account found with the given credentials' } }, 'No active account found with the given credentials'],
      [{ status: 403, body: { error: true, message: 'x', detail: 'Please verify your email first.' } }, 'Please verify your email first.'],
      [{ status: 400, body: { error: true, message: 'x', email: ['Enter a valid email address.'] } }, 'Enter a valid email address.'],
      [{ status: 400, body: { error: true, message: 'x', password: ['This field may not be blank.'] } }, 'This field may not be blank.'],
      [{ status: 500, body: 'oops' }, 'Login failed. Please try again.'],
      [{ status: 201, body: { access: 'a', refresh: 'r' } }, 'Login failed. Please try again.'],
    ])('alerts the right text for %j', async (reply, text) => {
      api.on('POST /api/auth/login/', reply);
      const result = await login({ email: 'a@b.co', password: 'p' });
      expect(result.success).toBe(false);
      expect(alert()).toMatchObject({ message: text, type: 'error' });
      expect(session()).toMatchObject({ accessToken: null, loading: false, error: text });
      expect(navigate).not.toHaveBeenCalled();
      expect(loaderStates).toEqual([true, false]);
      // A wrong password is not an expired session: no refresh.
      expect(api.callsTo('POST /api/auth/token/refresh/')).toHaveLength(0);
    });

    it('alerts the fallback when there is no answer', async () => {
      api.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await login({ email: 'a@b.co', password: 'p' });
      expect(alert()?.message).toBe('Login failed. Please try again.');
    });
  });

  describe('register', () => {
    const payload = { full_name: 'Anna Smith', email: 'anna+new@example.co.uk', phone_number: '07700900123', password: 's3cret-pass' };

    it('expects 201, alerts success and goes to /user/verify?email=', async () => {
      api.on('POST /api/auth/register/', { status: 201, body: { message: 'Created', email: payload.email } });
      const result = await register(payload);
      expect(result.success).toBe(true);
      expect(api.calls[0]?.body).toEqual(payload);
      expect(alert()).toMatchObject({ message: 'Registration successful! Please check your email to verify your account.', type: 'success' });
      expect(navigate).toHaveBeenCalledWith('/user/verify?email=anna%2Bnew%40example.co.uk');
      expect(session().email).toBe(payload.email);
      expect(loaderStates).toEqual([true, false]);
    });

    it('treats a 200 as an error', async () => {
      api.on('POST /api/auth/register/', { status: 200, body: {} });
      expect((await register(payload)).success).toBe(false);
      expect(alert()?.message).toBe('Registration failed. Please try again.');
      expect(navigate).not.toHaveBeenCalled();
    });

    it.each([
      [{ error: true, message: 'An account with this email already exists.', email: ['x'] }, 'An account with this email already exists.'],
      [{ email: ['Enter a valid email address.'] }, 'Enter a valid email address.'],
      [{ password: ['This password is too short.'] }, 'This password is too short.'],
      [{ phone_number: ['Enter a valid UK phone number.'] }, 'Enter a valid UK phone number.'],
      [{}, 'Registration failed. Please try again.'],
    ])('alerts %j as %s', async (body, text) => {
      api.on('POST /api/auth/register/', { status: 400, body });
      await register(payload);
      expect(alert()).toMatchObject({ message: text, type: 'error' });
    });
  });

  describe('verify and resend', () => {
    it('verifies, alerts and goes to /user/login', async () => {
      api.on('POST /api/auth/verify-email/', { status: 200, body: { message: 'Verified' } });
      await verifyEmail({ email: 'a@b.co', otp: '123456' });
      expect(api.calls[0]?.body).toEqual({ email: 'a@b.co', otp: '123456' });
      expect(alert()).toMatchObject({ message: 'Verification successful! Please login to continue.', type: 'success' });
      expect(navigate).toHaveBeenCalledWith('/user/login');
    });

    it.each([
      [{ error: true, message: 'The code has expired.' }, 'The code has expired.'],
      [{ otp: ['Enter the 6 digits.'] }, 'Enter the 6 digits.'],
      [{}, 'Verification failed. Please try again.'],
    ])('alerts a failed verification %j as %s', async (body, text) => {
      api.on('POST /api/auth/verify-email/', { status: 400, body });
      await verifyEmail({ email: 'a@b.co', otp: '000000' });
      expect(alert()).toMatchObject({ message: text, type: 'error' });
      expect(navigate).not.toHaveBeenCalled();
    });

    it('resends the code', async () => {
      api.on('POST /api/auth/resend-otp/', { status: 200, body: { message: 'Sent' } });
      expect((await resendVerificationCode('a@b.co')).success).toBe(true);
      expect(api.calls[0]?.body).toEqual({ email: 'a@b.co' });
      expect(alert()).toMatchObject({ message: 'Verification code resent! Please check your email.', type: 'success' });
    });

    it.each([
      [{ error: true, message: 'Please wait a minute.' }, 'Please wait a minute.'],
      [{ email: ['Enter a valid email address.'] }, 'Enter a valid email address.'],
      [{}, 'Failed to resend verification code. Please try again.'],
    ])('alerts a failed resend %j as %s', async (body, text) => {
      api.on('POST /api/auth/resend-otp/', { status: 429, body });
      await resendVerificationCode('a@b.co');
      expect(alert()).toMatchObject({ message: text, type: 'error' });
    });
  });

  describe('password reset', () => {
    it('requests a code', async () => {
      api.on('POST /api/auth/password-reset/', { status: 200, body: { message: 'If the account exists…' } });
      expect((await requestPasswordReset('a@b.co')).success).toBe(true);
      expect(api.calls[0]?.body).toEqual({ email: 'a@b.co' });
      expect(alert()).toMatchObject({ message: 'Password reset code sent! Please check your email.', type: 'success' });
      expect(session().email).toBe('a@b.co');
    });

    it.each([
      [{ error: true, message: 'Too many requests.' }, 'Too many requests.'],
      [{ email: ['This field is required.'] }, 'This field is required.'],
      [{}, 'Failed to send password reset code. Please try again.'],
    ])('alerts a failed request %j as %s', async (body, text) => {
      api.on('POST /api/auth/password-reset/', { status: 400, body });
      await requestPasswordReset('a@b.co');
      expect(alert()).toMatchObject({ message: text, type: 'error' });
    });

    it('confirms with email, otp and password, then goes to /user/login', async () => {
      api.on('POST /api/auth/password-reset-confirm/', { status: 200, body: { message: 'Done' } });
      await confirmPasswordReset({ email: 'a@b.co', otp: '123456', password: 'new-secret-1' });
      expect(api.calls[0]?.body).toEqual({ email: 'a@b.co', otp: '123456', password: 'new-secret-1' });
      expect(alert()).toMatchObject({ message: 'Password reset successful! Please login to continue.', type: 'success' });
      expect(navigate).toHaveBeenCalledWith('/user/login');
    });

    it.each([
      [{ error: true, message: 'The code is wrong.' }, 'The code is wrong.'],
      [{ otp: ['Wrong code.'] }, 'Wrong code.'],
      [{ password: ['This password is too short.'] }, 'This password is too short.'],
      [{}, 'Password reset failed. Please try again.'],
    ])('alerts a failed confirmation %j as %s', async (body, text) => {
      api.on('POST /api/auth/password-reset-confirm/', { status: 400, body });
      await confirmPasswordReset({ email: 'a@b.co', otp: '1', password: 'x' });
      expect(alert()).toMatchObject({ message: text, type: 'error' });
      expect(navigate).not.toHaveBeenCalled();
    });
  });

  describe('profile', () => {
    beforeEach(() => {
      FakeXhr.install();
      startSignedInSession('access-1', 'r1');
    });

    it('updates as multipart with progress, alerts and keeps the answer as the user', async () => {
      const form = new FormData();
      form.append('resume', new Blob(['%PDF']), 'cv.pdf');
      const progress: number[] = [];
      const pending = updateProfile(form, { onProgress: (value) => progress.push(value), loader: false });
      const xhr = FakeXhr.last();
      expect(xhr.method).toBe('PATCH');
      expect(xhr.url).toBe('/api/auth/profile/');
      expect(xhr.requestHeaders.authorization).toBe('Bearer access-1');
      xhr.progress(50, 100);
      xhr.respond(200, USER);
      expect(await pending).toEqual({ success: true, data: USER });
      expect(progress).toEqual([0.5]);
      expect(session().user).toEqual(USER);
      expect(alert()).toMatchObject({ message: 'Profile/File updated successfully!', type: 'success' });
      // Uploads show their own progress, not the full-screen loader.
      expect(loaderStates).toEqual([]);
    });

    it.each([
      [{ error: true, message: 'The file is too large.' }, 'The file is too large.'],
      [{ email: ['Taken.'] }, 'Taken.'],
      [{ phone_number: ['Enter a valid UK phone number.'] }, 'Enter a valid UK phone number.'],
      [{ resume: ['Unsupported file type.'] }, 'Profile update failed. Please try again.'],
    ])('alerts a failed update %j as %s', async (body, text) => {
      const pending = updateProfile(new FormData());
      FakeXhr.last().respond(400, body);
      expect((await pending).success).toBe(false);
      expect(alert()).toMatchObject({ message: text, type: 'error' });
      expect(loaderStates).toEqual([true, false]);
    });

    it('removes a certificate (204), alerts and reloads the profile', async () => {
      api.on('DELETE /api/auth/certificate/5/', { status: 204 });
      api.on('GET /api/auth/profile/', { status: 200, body: { ...USER, certificates: [] } });
      expect((await removeCertificate(5)).success).toBe(true);
      expect(alert()).toMatchObject({ message: 'Certificate removed successfully!', type: 'success' });
      expect(api.callsTo('GET /api/auth/profile/')).toHaveLength(1);
      expect(session().user?.certificates).toEqual([]);
    });

    it('only logs a failed certificate removal', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      api.on('DELETE /api/auth/certificate/5/', { status: 404, body: { error: true, message: 'Not found.' } });
      expect((await removeCertificate(5)).success).toBe(false);
      expect(alert()).toBeNull();
      expect(warn).toHaveBeenCalled();
      expect(api.callsTo('GET /api/auth/profile/')).toHaveLength(0);
      expect(loaderStates).toEqual([true, false]);
    });
  });

  describe('change password', () => {
    it('sends current_password as old_password, with the bearer token', async () => {
      startSignedInSession('access-1', 'r1');
      api.on('PUT /api/auth/update-password/', { status: 200, body: { message: 'Updated' } });
      await changePassword({ current_password: 'old-one-1', new_password: 'new-one-22' });
      expect(api.calls[0]?.body).toEqual({ old_password: 'old-one-1', new_password: 'new-one-22' });
      expect(api.calls[0]?.headers.authorization).toBe('Bearer access-1');
      expect(alert()).toMatchObject({ message: 'Password updated successfully!', type: 'success' });
    });

    it.each([
      [{ error: true, message: 'Your current password is wrong.' }, 'Your current password is wrong.'],
      [{ old_password: ['Wrong password.'] }, 'Wrong password.'],
      [{ new_password: ['This password is too short.'] }, 'This password is too short.'],
      [{}, 'Password update failed. Please try again.'],
    ])('alerts a failure %j as %s', async (body, text) => {
      api.on('PUT /api/auth/update-password/', { status: 400, body });
      await changePassword({ current_password: 'a', new_password: 'b' });
      expect(alert()).toMatchObject({ message: text, type: 'error' });
    });

    it('is retried once after a refresh when the token has expired', async () => {
      startSignedInSession('stale', 'r1');
      api.on('POST /api/auth/token/refresh/', { status: 200, body: { access: 'fresh' } });
      api.on('PUT /api/auth/update-password/', (call) =>
        call.headers.authorization === 'Bearer fresh' ? { status: 200, body: {} } : { status: 401, body: { detail: 'expired' } },
      );
      await changePassword({ current_password: 'a', new_password: 'b' });
      await flushPromises();
      expect(api.callsTo('PUT /api/auth/update-password/')).toHaveLength(2);
      expect(alert()?.message).toBe('Password updated successfully!');
    });
  });
});
