import { act } from 'react';
import { afterEach, beforeEach } from 'vitest';
import { appStore, initialAppState, resetSessionModule } from '../src/lib/store/index.ts';
import { installFakeApi, type FakeApi } from './fake-api.ts';
import type { HydratedIsland } from './hydrate-server-markup.ts';

/** What an account form's test works with; `island` is set by the test that hydrates one. */
export interface AccountFormTest {
  island: HydratedIsland | null;
  api: FakeApi;
}

/**
 * The set-up every account form's test shares: each test starts with a fresh session module
 * and a fake API, and ends with its island unmounted and the stores reset.
 */
export function setUpAccountFormTest(): AccountFormTest {
  const test = { island: null } as AccountFormTest;
  beforeEach(() => {
    resetSessionModule();
    test.api = installFakeApi();
  });
  afterEach(() => {
    act(() => test.island?.root.unmount());
    test.island?.element.remove();
    test.island = null;
    resetSessionModule();
    appStore.setState(initialAppState);
  });
  return test;
}
