// The account alerts, word for word from spec section 8.
import { detailOf, firstErrorOf, messageOf } from '../api/error-fields.ts';
import type { ApiErrorBody } from '../api/errors.ts';

export const SUCCESS = {
  register: 'Registration successful! Please check your email to verify your account.',
  verify: 'Verification successful! Please login to continue.',
  resend: 'Verification code resent! Please check your email.',
  resetRequest: 'Password reset code sent! Please check your email.',
  resetConfirm: 'Password reset successful! Please login to continue.',
  profileUpdate: 'Profile/File updated successfully!',
  certificateRemoved: 'Certificate removed successfully!',
  passwordUpdate: 'Password updated successfully!',
} as const;

export const FALLBACK = {
  login: 'Login failed. Please try again.',
  register: 'Registration failed. Please try again.',
  verify: 'Verification failed. Please try again.',
  resend: 'Failed to resend verification code. Please try again.',
  resetRequest: 'Failed to send password reset code. Please try again.',
  resetConfirm: 'Password reset failed. Please try again.',
  profileUpdate: 'Profile update failed. Please try again.',
  passwordUpdate: 'Password update failed. Please try again.',
} as const;

/** Login: the server's detail, else the first email error, else the first password error. */
export function loginErrorMessage(body: ApiErrorBody): string {
  return detailOf(body) ?? firstErrorOf(body, ['email', 'password']) ?? FALLBACK.login;
}

/** Register: message when the response has the error flag, else the first email, password or phone_number error. */
export function registerErrorMessage(body: ApiErrorBody): string {
  const flagged = body.error === true ? messageOf(body) : undefined;
  return flagged ?? firstErrorOf(body, ['email', 'password', 'phone_number']) ?? FALLBACK.register;
}

export function verifyErrorMessage(body: ApiErrorBody): string {
  return messageOf(body) ?? firstErrorOf(body, ['otp']) ?? FALLBACK.verify;
}

export function resendErrorMessage(body: ApiErrorBody): string {
  return messageOf(body) ?? firstErrorOf(body, ['email']) ?? FALLBACK.resend;
}

export function resetRequestErrorMessage(body: ApiErrorBody): string {
  return messageOf(body) ?? firstErrorOf(body, ['email']) ?? FALLBACK.resetRequest;
}

export function resetConfirmErrorMessage(body: ApiErrorBody): string {
  return messageOf(body) ?? firstErrorOf(body, ['otp', 'password']) ?? FALLBACK.resetConfirm;
}

export function profileUpdateErrorMessage(body: ApiErrorBody): string {
  return messageOf(body) ?? firstErrorOf(body, ['email', 'phone_number']) ?? FALLBACK.profileUpdate;
}

export function passwordUpdateErrorMessage(body: ApiErrorBody): string {
  return messageOf(body) ?? firstErrorOf(body, ['old_password', 'new_password']) ?? FALLBACK.passwordUpdate;
}
