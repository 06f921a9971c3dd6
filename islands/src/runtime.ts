// Entry of the browser runtime (runtime-HASH.js), loaded by every page as a module script.
import { islandLoaders } from './island-loaders.ts';
import { startIslandsRuntime } from './runtime/start-runtime.ts';

startIslandsRuntime(window, islandLoaders);
