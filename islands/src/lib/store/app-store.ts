import { initialAppState, type AppState } from './app-state.ts';
import { createStore } from './create-store.ts';

/**
 * The single store of the page. esbuild's code splitting puts this module in one shared
 * chunk, so every island on the page sees the same instance.
 */
export const appStore = createStore<AppState>(initialAppState);
