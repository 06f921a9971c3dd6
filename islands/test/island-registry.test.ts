// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { islandNames } from '../build.mjs';
import { islandComponents } from '../src/island-components.ts';
import { islandLoaders } from '../src/island-loaders.ts';

describe('the island registries', () => {
  it('list the same islands as the folders under src/ (browser, server and build agree)', () => {
    const folders = islandNames();
    expect(folders).toEqual([
      'account-menu',
      'back-to-top',
      'change-password-form',
      'contact-button',
      'forgot-password-form',
      'full-screen-loader',
      'login-form',
      'member-guard',
      'profile-editor',
      'register-form',
      'toast-alert',
      'verify-form',
    ]);
    expect(Object.keys(islandLoaders).sort()).toEqual(folders);
    expect(Object.keys(islandComponents).sort()).toEqual(folders);
  });

  it('load each island module with its component as the default export', async () => {
    for (const [name, load] of Object.entries(islandLoaders)) {
      const module = await load();
      expect(module.default, name).toBe(islandComponents[name]);
    }
  });
});
