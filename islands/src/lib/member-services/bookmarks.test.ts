import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, flushPromises, type FakeApi } from '../../../test/fake-api.ts';
import { login } from '../account/actions.ts';
import { navigate } from '../navigation/navigate.ts';
import { appStore, initialAppState, resetSessionModule } from '../store/index.ts';
import { BOOKMARKS_STORAGE_KEY } from './bookmark-storage.ts';
import { loadMemberBookmarks, localBookmarks, memberBookmarks, mergeVisitorBookmarks, resetBookmarksModule } from './bookmarks.ts';
import { signIn } from './testing.ts';

vi.mock('../navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const VISITOR = [
  { kind: 'service', id: 3, title: 'Deep clean', saved_at: '2026-11-23T10:00:00Z' },
  { kind: 'job', id: 4, title: 'Cook at The Inn', saved_at: '2026-11-22T10:00:00Z' },
];
const answer = (id: number, body: { service?: number; job?: number }) => ({
  id,
  service: body.service ?? null,
  job: body.job ?? null,
  title: '',
  link: '',
  created_at: '2026-11-23T10:00:00Z',
});

describe('bookmarks: merging a visitor\'s into the account', () => {
  let api: FakeApi;

  beforeEach(() => {
    localStorage.clear();
    resetSessionModule();
    resetBookmarksModule();
    vi.mocked(navigate).mockClear();
    api = installFakeApi();
    api.on('GET /api/auth/profile/', { status: 404, body: {} });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    resetSessionModule();
    resetBookmarksModule();
    appStore.setState(initialAppState);
    localStorage.clear();
  });

  it('at login: POSTs each of the browser\'s bookmarks to the account, clears them here, then navigates', async () => {
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(VISITOR));
    api.on('POST /api/auth/login/', { status: 200, body: { access: 'a', refresh: 'r' } });
    const order: string[] = [];
    api.on('POST /api/bookmarks/', (call) => {
      order.push(JSON.stringify(call.body));
      return { status: order.length === 1 ? 201 : 200, body: answer(order.length, call.body as { service?: number }) };
    });
    vi.mocked(navigate).mockImplementation(() => {
      order.push('navigate');
    });

    const result = await login({ email: 'anna@example.co.uk', password: 'secret-123' });

    expect(result.success).toBe(true);
    // Oldest first, so the account's newest-first list keeps the visitor's order; all before leaving.
    expect(order).toEqual(['{"job":4}', '{"service":3}', 'navigate']);
    expect(api.callsTo('POST /api/bookmarks/').every((call) => call.headers.authorization === 'Bearer a')).toBe(true);
    expect(localStorage.getItem(BOOKMARKS_STORAGE_KEY)).toBeNull();
    expect(localBookmarks()).toEqual([]);
  });

  it('at login without bookmarks in the browser: no bookmark call', async () => {
    api.on('POST /api/auth/login/', { status: 200, body: { access: 'a', refresh: 'r' } });
    await login({ email: 'anna@example.co.uk', password: 'secret-123' });
    expect(api.callsTo('POST /api/bookmarks/')).toEqual([]);
    expect(navigate).toHaveBeenCalledWith('/user/profile');
  });

  it('keeps one that got no answer for next time, and drops one the account refuses for good', async () => {
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(VISITOR));
    signIn();
    api.on('POST /api/bookmarks/', (call) =>
      (call.body as { job?: number }).job === 4
        ? { status: 503, body: { error: true, message: 'Unavailable.' } }
        : { status: 400, body: { error: true, message: 'Gone.', service: ['Invalid pk "3" - object does not exist.'] } },
    );

    expect(await mergeVisitorBookmarks()).toBe(0);
    await flushPromises();
    expect(JSON.parse(localStorage.getItem(BOOKMARKS_STORAGE_KEY) ?? '[]')).toMatchObject([{ kind: 'job', id: 4 }]);
  });

  it("a signed-in page that finds bookmarks left in the browser merges them before listing the account's", async () => {
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify([VISITOR[0]]));
    signIn();
    const order: string[] = [];
    api.on('POST /api/bookmarks/', (call) => {
      order.push('POST');
      return { status: 201, body: answer(1, call.body as { service?: number }) };
    });
    api.on('GET /api/bookmarks/', () => {
      order.push('GET');
      return { status: 200, body: { count: 1, next: null, previous: null, results: [answer(1, { service: 3 })] } };
    });

    await loadMemberBookmarks();

    expect(order).toEqual(['POST', 'GET']);
    expect(memberBookmarks()).toMatchObject({ status: 'ready', items: [{ id: 1, service: 3 }] });
    expect(localStorage.getItem(BOOKMARKS_STORAGE_KEY)).toBeNull();
  });

  it('does nothing for a visitor (no session)', async () => {
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(VISITOR));
    expect(await mergeVisitorBookmarks()).toBe(0);
    expect(api.calls).toEqual([]);
    expect(localBookmarks()).toHaveLength(2);
  });
});
