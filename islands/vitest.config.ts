import { defineConfig } from 'vitest/config';
import { ISLAND_REGISTRY, islandRegistrySource } from './build.mjs';

export default defineConfig({
  plugins: [
    {
      // The island registries, generated as build.mjs generates them for esbuild ('\0': the
      // Vite mark of a module that is not a file).
      name: 'island-registry',
      resolveId: (id) => (ISLAND_REGISTRY.test(id) ? `\0${id}` : undefined),
      load: (id) => (id.startsWith('\0') && ISLAND_REGISTRY.test(id.slice(1)) ? islandRegistrySource(id.slice(1)) : undefined),
    },
  ],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    // Builds the QuickJS server bundle once (in memory) for the hydration tests.
    globalSetup: ['./test/global-setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
