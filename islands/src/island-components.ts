// Every island by name, for the server bundle. The browser side is island-loaders.ts; a
// test checks that both list the same islands as the folders under src/.
import type { ComponentType } from 'react';
import AccountMenu from './account-menu/index.tsx';
import BackToTop from './back-to-top/index.tsx';
import ChangePasswordForm from './change-password-form/index.tsx';
import ContactButton from './contact-button/index.tsx';
import ForgotPasswordForm from './forgot-password-form/index.tsx';
import FullScreenLoader from './full-screen-loader/index.tsx';
import LoginForm from './login-form/index.tsx';
import MemberGuard from './member-guard/index.tsx';
import ProfileEditor from './profile-editor/index.tsx';
import RegisterForm from './register-form/index.tsx';
import ToastAlert from './toast-alert/index.tsx';
import VerifyForm from './verify-form/index.tsx';

export const islandComponents: Readonly<Record<string, ComponentType<Record<string, unknown>>>> = {
  'toast-alert': ToastAlert,
  'full-screen-loader': FullScreenLoader,
  'contact-button': ContactButton,
  'back-to-top': BackToTop,
  'account-menu': AccountMenu,
  'member-guard': MemberGuard,
  'login-form': LoginForm,
  'register-form': RegisterForm,
  'verify-form': VerifyForm,
  'forgot-password-form': ForgotPasswordForm,
  'change-password-form': ChangePasswordForm,
  'profile-editor': ProfileEditor,
};
