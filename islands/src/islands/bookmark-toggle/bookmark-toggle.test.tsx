import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { serverMarkup } from '../../../test/server-markup.ts';
import { BOOKMARKS_STORAGE_KEY } from '../../lib/member-services/bookmark-storage.ts';
import { resetBookmarksModule } from '../../lib/member-services/bookmarks.ts';
import { click, listOf, signIn } from '../../lib/member-services/testing.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { appStore, resetServiceModule } from '../../lib/store/index.ts';
import BookmarkToggle from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const saved = (id: number, target: { service?: number; job?: number }, title: string) => ({
  id,
  service: target.service ?? null,
  job: target.job ?? null,
  title,
  link: target.service !== undefined ? `/services/details?id=${target.service}` : `/apply?id=${target.job}`,
  created_at: '2026-11-23T10:00:00Z',
});

const button = (root: HTMLElement) => root.querySelector<HTMLButtonElement>('button')!;
/** The word shown on the button: "Save" or "Saved" (the other holds its room, hidden). */
const shownWord = (root: HTMLElement) => root.querySelector('.isl-bookmark__words > :not(.isl-bookmark__word--off)')?.textContent;
const stored = () => JSON.parse(localStorage.getItem(BOOKMARKS_STORAGE_KEY) ?? '[]') as { kind: string; id: number; title: string }[];

describe('bookmark-toggle', () => {
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

  it("renders the visitor's Save on the server: without JavaScript it opens the bookmarks page, which says what to do", () => {
    const root = serverMarkup('bookmark-toggle', { service: 3, title: 'Deep clean' });
    const form = root.querySelector('form')!;
    expect(form.getAttribute('action')).toBe('/bookmarks');
    expect(form.getAttribute('method')).toBe('get');
    expect(button(root).type).toBe('submit');
    expect(button(root).disabled).toBe(false);
    expect(button(root).getAttribute('aria-pressed')).toBe('false');
    expect(button(root).getAttribute('aria-label')).toBe('Save Deep clean to bookmarks');
    expect(shownWord(root)).toBe('Save');
    // "Saved" is there, hidden, holding the button's width for a member's saved state.
    expect(root.querySelector('.isl-bookmark__word--off')?.textContent).toBe('Saved');
  });

  it('hydrates on the server markup without a mismatch, and a press does not follow the form', async () => {
    t.island = await hydrateServerMarkup('bookmark-toggle', BookmarkToggle, { job: 4, title: 'Cook at The Inn' });
    expect(t.island.errors).toEqual([]);
    const submitted = vi.fn((event: Event) => event.preventDefault());
    t.island.element.querySelector('form')!.addEventListener('submit', submitted);
    await click(button(t.island.element));
    expect(submitted).not.toHaveBeenCalled();
    expect(button(t.island.element).getAttribute('aria-pressed')).toBe('true');
  });

  it("keeps a visitor's bookmark in this browser, and removes it again", async () => {
    t.island = await hydrateServerMarkup('bookmark-toggle', BookmarkToggle, { service: 3, title: 'Deep clean' });
    expect(t.island.errors).toEqual([]);
    const root = t.island.element;
    expect(button(root).getAttribute('aria-pressed')).toBe('false');
    expect(shownWord(root)).toBe('Save');

    await click(button(root));
    expect(stored()).toMatchObject([{ kind: 'service', id: 3, title: 'Deep clean' }]);
    expect(button(root).getAttribute('aria-pressed')).toBe('true');
    expect(shownWord(root)).toBe('Saved');
    expect(button(root).getAttribute('aria-label')).toMatch(/^Save .* to bookmarks$/);
    expect(button(root).getAttribute('aria-pressed')).toBe('true');

    await click(button(root));
    expect(stored()).toEqual([]);
    expect(button(root).getAttribute('aria-pressed')).toBe('false');
    expect(t.api.calls.filter((call) => call.path.startsWith('/api/bookmarks'))).toEqual([]);
  });

  it("saves a member's bookmark in the account (POST {job}) and removes it (DELETE by its id)", async () => {
    signIn();
    t.api.on('GET /api/bookmarks/', { status: 200, body: listOf([saved(1, { service: 3 }, 'Deep clean')]) });
    t.api.on('POST /api/bookmarks/', { status: 201, body: saved(7, { job: 4 }, 'Cook at The Inn') });
    t.api.on('DELETE /api/bookmarks/7/', { status: 204 });
    t.island = await hydrateServerMarkup('bookmark-toggle', BookmarkToggle, { job: 4, title: 'Cook at The Inn' });
    await settle();
    const root = t.island.element;
    expect(t.api.callsTo('GET /api/bookmarks/')).toHaveLength(1);
    expect(button(root).getAttribute('aria-pressed')).toBe('false');

    await click(button(root));
    expect(t.api.callsTo('POST /api/bookmarks/').map((call) => call.body)).toEqual([{ job: 4 }]);
    expect(button(root).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(BOOKMARKS_STORAGE_KEY)).toBeNull();

    await click(button(root));
    expect(t.api.callsTo('DELETE /api/bookmarks/7/')).toHaveLength(1);
    expect(button(root).getAttribute('aria-pressed')).toBe('false');
  });

  it("shows a service the member saved before as saved, and alerts when the account refuses", async () => {
    signIn();
    t.api.on('GET /api/bookmarks/', { status: 200, body: listOf([saved(1, { service: 3 }, 'Deep clean')]) });
    t.api.on('DELETE /api/bookmarks/1/', { status: 500, body: { error: true, message: 'Server error.' } });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    t.island = await hydrateServerMarkup('bookmark-toggle', BookmarkToggle, { service: 3, title: 'Deep clean' });
    await settle();
    const root = t.island.element;
    expect(button(root).getAttribute('aria-pressed')).toBe('true');

    await click(button(root));
    expect(appStore.getState().alert).toMatchObject({ message: 'Failed to update bookmark', type: 'error' });
    expect(button(root).getAttribute('aria-pressed')).toBe('true');
  });
});
