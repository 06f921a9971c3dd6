import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { BOOKMARKS_STORAGE_KEY } from '../../lib/member-services/bookmark-storage.ts';
import { resetBookmarksModule } from '../../lib/member-services/bookmarks.ts';
import { buttonNamed, click, listOf, signIn } from '../../lib/member-services/testing.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { resetServiceModule } from '../../lib/store/index.ts';
import BookmarkList from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const links = (root: HTMLElement) => Array.from(root.querySelectorAll('li a')).map((link) => [link.textContent, link.getAttribute('href')]);

describe('bookmark-list', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
    resetServiceModule();
    resetBookmarksModule();
    t.api.on('GET /api/auth/profile/', () => new Promise(() => undefined));
  });

  afterEach(() => {
    resetBookmarksModule();
    resetServiceModule();
    localStorage.clear();
    vi.mocked(navigate).mockClear();
  });

  it('leaves its place empty in the server markup (the page explains itself without JavaScript)', () => {
    expect(loadServerBundle()('bookmark-list', '{}', 'bookmark-list-0-')).toBe('');
  });

  it("lists a visitor's bookmarks from this browser, with links, a way to remove each, and an offer to sign in", async () => {
    localStorage.setItem(
      BOOKMARKS_STORAGE_KEY,
      JSON.stringify([
        { kind: 'job', id: 4, title: 'Cook at The Inn', saved_at: '2026-11-23T10:00:00Z' },
        { kind: 'service', id: 3, title: 'Deep clean', saved_at: '2026-11-22T10:00:00Z' },
      ]),
    );
    t.island = await hydrateServerMarkup('bookmark-list', BookmarkList);
    await settle();
    expect(t.island.errors).toEqual([]);
    const root = t.island.element;
    expect(links(root)).toEqual([
      ['Cook at The Inn', '/apply?id=4'],
      ['Deep clean', '/services/details?id=3'],
    ]);
    expect(root.querySelector('a[href="/user/login?redirect=%2Fbookmarks"]')).not.toBeNull();

    await click(buttonNamed(root.querySelectorAll('li')[0]!, 'Remove'));
    expect(links(root)).toEqual([['Deep clean', '/services/details?id=3']]);
    expect(JSON.parse(localStorage.getItem(BOOKMARKS_STORAGE_KEY) ?? '[]')).toMatchObject([{ kind: 'service', id: 3 }]);
    expect(t.api.calls.filter((call) => call.path.startsWith('/api/bookmarks'))).toEqual([]);
  });

  it("lists a member's bookmarks from the account and removes one with DELETE", async () => {
    signIn();
    t.api.on('GET /api/bookmarks/', {
      status: 200,
      body: listOf([
        { id: 2, service: null, job: 4, title: 'Cook at The Inn', link: '/apply?id=4', created_at: '2026-11-23T10:00:00Z' },
        { id: 1, service: 3, job: null, title: 'Deep clean', link: '/services/details?id=3', created_at: '2026-11-22T10:00:00Z' },
      ]),
    });
    t.api.on('DELETE /api/bookmarks/2/', { status: 204 });
    t.island = await hydrateServerMarkup('bookmark-list', BookmarkList);
    await settle();
    const root = t.island.element;
    expect(links(root)).toEqual([
      ['Cook at The Inn', '/apply?id=4'],
      ['Deep clean', '/services/details?id=3'],
    ]);
    expect(root.querySelector('a[href^="/user/login"]')).toBeNull();

    await click(buttonNamed(root.querySelectorAll('li')[0]!, 'Remove'));
    expect(t.api.callsTo('DELETE /api/bookmarks/2/')).toHaveLength(1);
    expect(links(root)).toEqual([['Deep clean', '/services/details?id=3']]);
  });
});
