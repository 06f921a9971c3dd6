// Every island by name, for the browser: one dynamic import each, so esbuild splits one
// chunk per island and a page downloads only the islands it has.
import type { ComponentType } from 'react';

export interface IslandModule {
  default: ComponentType<Record<string, unknown>>;
}

export type IslandLoader = () => Promise<IslandModule>;

export const islandLoaders: Readonly<Record<string, IslandLoader>> = {
  'toast-alert': () => import('./toast-alert/index.tsx'),
  'full-screen-loader': () => import('./full-screen-loader/index.tsx'),
  'contact-button': () => import('./contact-button/index.tsx'),
  'back-to-top': () => import('./back-to-top/index.tsx'),
  'account-menu': () => import('./account-menu/index.tsx'),
  'member-guard': () => import('./member-guard/index.tsx'),
  'login-form': () => import('./login-form/index.tsx'),
  'register-form': () => import('./register-form/index.tsx'),
  'verify-form': () => import('./verify-form/index.tsx'),
  'forgot-password-form': () => import('./forgot-password-form/index.tsx'),
  'change-password-form': () => import('./change-password-form/index.tsx'),
  'profile-editor': () => import('./profile-editor/index.tsx'),
};
