// Every island by name, for the server bundle. The browser side is island-loaders.ts; a
// test checks that both list the same islands as the folders under src/.
import type { ComponentType } from 'react';
import BackToTop from './back-to-top/index.tsx';
import ContactButton from './contact-button/index.tsx';
import FullScreenLoader from './full-screen-loader/index.tsx';
import ToastAlert from './toast-alert/index.tsx';

export const islandComponents: Readonly<Record<string, ComponentType<Record<string, unknown>>>> = {
  'toast-alert': ToastAlert,
  'full-screen-loader': FullScreenLoader,
  'contact-button': ContactButton,
  'back-to-top': BackToTop,
};
