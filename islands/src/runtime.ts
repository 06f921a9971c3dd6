// Entry of the browser runtime (runtime-HASH.js), loaded by every page as a module script.
import { islandLoaders } from 'virtual:island-loaders';
import { startIslandsRuntime } from './lib/runtime/start-runtime.ts';

startIslandsRuntime(window, islandLoaders);
