import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { hydrateServerMarkup, type HydratedIsland } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { storeSignedInSession } from '../../../test/signed-in-session.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { appStore, initialAppState, resetSessionModule } from '../../lib/store/index.ts';
import MemberGuard from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

describe('member-guard', () => {
  let island: HydratedIsland | null = null;

  beforeEach(() => {
    localStorage.clear();
    resetSessionModule();
    vi.mocked(navigate).mockClear();
    installFakeApi().on('GET /api/auth/profile/', { status: 200, body: { id: 1, full_name: 'Anna', certificates: [] } });
    window.history.replaceState(null, '', '/user/bookings?page=2#latest');
  });

  afterEach(() => {
    act(() => island?.root.unmount());
    island?.element.remove();
    island = null;
    resetSessionModule();
    appStore.setState(initialAppState);
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('server-renders nothing', () => {
    expect(loadServerBundle()('member-guard', '{}', 'member-guard-0-')).toBe('');
  });

  it('sends a visitor without a session to login, coming back to this page', async () => {
    island = await hydrateServerMarkup('member-guard', MemberGuard);
    expect(island.errors).toEqual([]);
    expect(island.element.innerHTML).toBe('');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/user/login?redirect=%2Fuser%2Fbookings%3Fpage%3D2%23latest');
  });

  it('lets a signed-in visitor stay', async () => {
    storeSignedInSession();
    island = await hydrateServerMarkup('member-guard', MemberGuard);
    expect(island.errors).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });
});
