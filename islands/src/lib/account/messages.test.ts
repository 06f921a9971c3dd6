import { describe, expect, it } from 'vitest';
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

describe('the account alert texts (spec section 8, verbatim)', () => {
  it('has the eight success messages', () => {
    expect(SUCCESS).toEqual({
      register: 'Registration successful! Please check your email to verify your account.',
      verify: 'Verification successful! Please login to continue.',
      resend: 'Verification code resent! Please check your email.',
      resetRequest: 'Password reset code sent! Please check your email.',
      resetConfirm: 'Password reset successful! Please login to continue.',
      profileUpdate: 'Profile/File updated successfully!',
      certificateRemoved: 'Certificate removed successfully!',
      passwordUpdate: 'Password updated successfully!',
    });
  });

  it('login: detail, else the first email error, else the first password error, else the fallback', () => {
    expect(loginErrorMessage({ detail: 'No active account found with the given credentials', email: ['x'] })).toBe(
      'No active account found with the given credentials',
    );
    expect(loginErrorMessage({ error: true, message: 'Invalid input.', email: ['Enter a valid email address.', 'second'], password: ['p'] })).toBe(
      'Enter a valid email address.',
    );
    expect(loginErrorMessage({ error: true, message: 'Invalid input.', password: ['This field may not be blank.'] })).toBe(
      'This field may not be blank.',
    );
    // The message alone is not used for login.
    expect(loginErrorMessage({ error: true, message: 'Too many attempts.' })).toBe('Login failed. Please try again.');
    expect(loginErrorMessage({})).toBe('Login failed. Please try again.');
    expect(FALLBACK.login).toBe('Login failed. Please try again.');
  });

  it('register: message when the error flag is set, else email, password, phone_number, else the fallback', () => {
    expect(registerErrorMessage({ error: true, message: 'An account with this email already exists.', email: ['taken'] })).toBe(
      'An account with this email already exists.',
    );
    expect(registerErrorMessage({ message: 'no flag', email: ['Enter a valid email address.'] })).toBe('Enter a valid email address.');
    expect(registerErrorMessage({ password: ['This password is too common.'], phone_number: ['bad'] })).toBe(
      'This password is too common.',
    );
    expect(registerErrorMessage({ phone_number: ['Enter a valid UK phone number.'] })).toBe('Enter a valid UK phone number.');
    expect(registerErrorMessage({ message: 'no flag' })).toBe('Registration failed. Please try again.');
    expect(registerErrorMessage({})).toBe('Registration failed. Please try again.');
  });

  it('verify: message, else the first otp error, else the fallback', () => {
    expect(verifyErrorMessage({ error: true, message: 'The code has expired.', otp: ['x'] })).toBe('The code has expired.');
    expect(verifyErrorMessage({ otp: ['Enter the 6-digit code.'] })).toBe('Enter the 6-digit code.');
    expect(verifyErrorMessage({})).toBe('Verification failed. Please try again.');
  });

  it('resend: message, else the first email error, else the fallback', () => {
    expect(resendErrorMessage({ message: 'Please wait a minute.' })).toBe('Please wait a minute.');
    expect(resendErrorMessage({ email: ['Enter a valid email address.'] })).toBe('Enter a valid email address.');
    expect(resendErrorMessage({})).toBe('Failed to resend verification code. Please try again.');
  });

  it('password reset request: message, else the first email error, else the fallback', () => {
    expect(resetRequestErrorMessage({ message: 'Too many requests.' })).toBe('Too many requests.');
    expect(resetRequestErrorMessage({ email: ['This field is required.'] })).toBe('This field is required.');
    expect(resetRequestErrorMessage({})).toBe('Failed to send password reset code. Please try again.');
  });

  it('reset confirm: message, else the first otp or password error, else the fallback', () => {
    expect(resetConfirmErrorMessage({ message: 'The code is wrong.', otp: ['x'] })).toBe('The code is wrong.');
    expect(resetConfirmErrorMessage({ otp: ['Wrong code.'], password: ['Too short.'] })).toBe('Wrong code.');
    expect(resetConfirmErrorMessage({ password: ['Too short.'] })).toBe('Too short.');
    expect(resetConfirmErrorMessage({})).toBe('Password reset failed. Please try again.');
  });

  it('profile update: message, else the first email or phone_number error, else the fallback', () => {
    expect(profileUpdateErrorMessage({ message: 'The file is too large.' })).toBe('The file is too large.');
    expect(profileUpdateErrorMessage({ email: ['Taken.'], phone_number: ['Bad.'] })).toBe('Taken.');
    expect(profileUpdateErrorMessage({ phone_number: ['Enter a valid UK phone number.'] })).toBe('Enter a valid UK phone number.');
    expect(profileUpdateErrorMessage({ resume: ['Unsupported file type.'] })).toBe('Profile update failed. Please try again.');
  });

  it('change password: message, else the first old_password or new_password error, else the fallback', () => {
    expect(passwordUpdateErrorMessage({ message: 'Your current password is wrong.' })).toBe('Your current password is wrong.');
    expect(passwordUpdateErrorMessage({ old_password: ['Wrong password.'], new_password: ['Too short.'] })).toBe('Wrong password.');
    expect(passwordUpdateErrorMessage({ new_password: ['This password is too short.'] })).toBe('This password is too short.');
    expect(passwordUpdateErrorMessage({})).toBe('Password update failed. Please try again.');
  });

  it('ignores blank messages and empty lists', () => {
    expect(verifyErrorMessage({ message: '  ', otp: [] })).toBe('Verification failed. Please try again.');
    expect(loginErrorMessage({ detail: '', email: [''] })).toBe('Login failed. Please try again.');
  });
});
