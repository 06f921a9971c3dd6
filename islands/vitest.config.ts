import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    // Builds the QuickJS server bundle once (in memory) for the hydration tests.
    globalSetup: ['./test/global-setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
