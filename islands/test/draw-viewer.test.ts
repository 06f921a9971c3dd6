// The viewer's own state drawn on the islands that wait for an interaction (runtime/draw-viewer.ts):
// across the islands a member's state changes, the drawn markup is what React renders for that
// viewer, and React hydrates on it without a mismatch.
import { act, createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from './account-form.ts';
import { settle } from './forms.ts';
import { loadServerBundle } from './server-bundle.ts';
import BookingForm from '../src/islands/booking-form/index.tsx';
import BookmarkToggle from '../src/islands/bookmark-toggle/index.tsx';
import JobApplyForm from '../src/islands/job-apply-form/index.tsx';
import JobPostForm from '../src/islands/job-post-form/index.tsx';
import ProviderApplication from '../src/islands/provider-application/index.tsx';
import ProviderApplications from '../src/islands/provider-applications/index.tsx';
import ReviewForm from '../src/islands/review-form/index.tsx';
import ReviewReport from '../src/islands/review-report/index.tsx';
import { ViewerContext } from '../src/lib/hooks/viewer-context.ts';
import { BOOKMARKS_STORAGE_KEY } from '../src/lib/member-services/bookmark-storage.ts';
import { localBookmarks, memberBookmarks, resetBookmarksModule } from '../src/lib/member-services/bookmarks.ts';
import { memberProviderApplications, resetProviderApplicationList } from '../src/lib/member-services/provider-application-list.ts';
import { applyAsProvider, resetProviderModule } from '../src/lib/member-services/providers.ts';
import { listOf, providerApplication, serviceView, signIn } from '../src/lib/member-services/testing.ts';
import { logout } from '../src/lib/store/session.ts';
import { appStore, initialAppState, resetServiceModule, resetSessionModule } from '../src/lib/store/index.ts';
import { resetDrawViewer } from '../src/lib/runtime/draw-viewer.ts';
import { hydrateIslands } from '../src/lib/runtime/hydrate-islands.ts';

vi.mock('../src/lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));
// React warns about updates outside act() unless it knows it runs under a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const COMPONENTS: Readonly<Record<string, ComponentType<Record<string, unknown>>>> = {
  'booking-form': BookingForm,
  'bookmark-toggle': BookmarkToggle,
  'job-apply-form': JobApplyForm,
  'job-post-form': JobPostForm,
  'provider-application': ProviderApplication,
  'provider-applications': ProviderApplications,
  'review-form': ReviewForm,
  'review-report': ReviewReport,
};
const LOADERS = Object.fromEntries(Object.entries(COMPONENTS).map(([name, component]) => [name, async () => ({ default: component })]));

/** The islands whose server markup a member's state changes, with props as the pages give them. */
const MEMBER_FORMS: readonly [string, Record<string, unknown>][] = [
  ['review-form', { service: 3 }],
  ['review-report', { review: 7, service: 3 }],
  ['job-apply-form', { job: 4 }],
  ['job-post-form', { page: '/form/job-post' }],
  ['booking-form', { service: 3 }],
  ['provider-application', { categories: [{ slug: 'cleaning', name: 'Cleaning', count: 2 }], selected: { id: 3, title: 'Deep clean', category: 'cleaning' } }],
];

/** A page holding the server's markup of the island, waiting for an interaction. */
function placeIsland(name: string, props: Record<string, unknown>): HTMLElement {
  const element = document.createElement('div');
  element.className = 'island';
  element.dataset.island = name;
  element.dataset.props = JSON.stringify(props);
  element.dataset.hydrate = 'interaction';
  element.dataset.prefix = `${name}-0-`;
  element.innerHTML = loadServerBundle()(name, JSON.stringify(props), `${name}-0-`);
  document.body.append(element);
  return element;
}

/** What React renders for this viewer (the session and bookmarks as they are now). */
function renderedForViewer(name: string, props: Record<string, unknown>): string {
  const viewer = {
    session: appStore.getState().session,
    memberBookmarks: memberBookmarks(),
    localBookmarks: localBookmarks(),
    providerApplications: memberProviderApplications(),
  };
  const island = createElement(ViewerContext.Provider, { value: viewer }, createElement(COMPONENTS[name]!, props));
  return renderToString(island, { identifierPrefix: `${name}-0-` });
}

/** Asserts that the island's markup is, node for node and attribute for attribute (in any order), what React renders for this viewer. */
function expectDrawnAsRendered(element: HTMLElement, name: string, props: Record<string, unknown>): void {
  const rendered = document.createElement('div');
  rendered.innerHTML = renderedForViewer(name, props);
  // The nodes themselves, not their markup read again: adjacent texts stay apart, as React needs them.
  const drawn = document.createElement('div');
  drawn.append(...Array.from(element.childNodes, (node) => node.cloneNode(true)));
  expect(drawn.isEqualNode(rendered), `drawn:\n${drawn.innerHTML}\nrendered:\n${rendered.innerHTML}`).toBe(true);
}

/** Reaches for the island (focus moving in) and waits for React to own it: what React reported meanwhile (a mismatch among them). */
const reachFor = (element: HTMLElement): Promise<unknown[]> => hydratedAfter(element, () => element.dispatchEvent(new Event('focusin', { bubbles: true })));

/** Does `begin`, then waits for React to own the island: what React reported meanwhile. */
async function hydratedAfter(element: HTMLElement, begin: () => void): Promise<unknown[]> {
  const errors: unknown[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
  try {
    begin();
    // The chunks load, then React hydrates inside act() and marks the island once its effects ran.
    for (let tries = 0; tries < 100 && element.dataset.hydrated !== 'true'; tries += 1) {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
    }
    expect(element.dataset.hydrated).toBe('true');
  } finally {
    spy.mockRestore();
  }
  return errors;
}

/** Starts the islands as the runtime does, and waits for the drawing (a chunk loaded only when the viewer has a state of their own). */
async function startIslands(): Promise<void> {
  hydrateIslands(document, LOADERS);
  await vi.dynamicImportSettled();
  await settle();
}

/** Signs in; islands React took in earlier tests, still mounted off the page, re-render inside act(). */
const signInNow = () => act(async () => signIn());

const saved = (id: number, service: number) => ({ id, service, job: null, title: 'Deep clean', link: `/services/details?id=${service}`, created_at: '2026-11-23T10:00:00Z' });
const toggleButton = (element: HTMLElement) => element.querySelector<HTMLButtonElement>('button.isl-bookmark')!;

describe('drawing the viewer on islands that wait for an interaction', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
    resetBookmarksModule();
    resetProviderApplicationList();
    resetProviderModule();
    resetServiceModule();
    t.api.on('GET /api/auth/profile/', () => new Promise(() => undefined));
    t.api.on('POST /api/auth/logout/', { status: 200, body: {} });
  });

  afterEach(async () => {
    resetDrawViewer();
    // The islands React took stay mounted, off the page: their last render happens inside act().
    await act(async () => {
      resetBookmarksModule();
      resetSessionModule();
      appStore.setState(initialAppState);
    });
    document.body.innerHTML = '';
    localStorage.clear();
  });

  it("leaves a visitor's forms as the server made them", async () => {
    // Kept bookmarks: the drawing runs for this visitor too.
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify([{ kind: 'job', id: 9, title: 'Elsewhere', saved_at: '2026-11-23T10:00:00Z' }]));
    const elements = MEMBER_FORMS.map(([name, props]) => [placeIsland(name, props), name, props] as const);
    const before = elements.map(([element]) => element.innerHTML);
    await startIslands();
    expect(elements.map(([element]) => element.innerHTML)).toEqual(before);
  });

  for (const [name, props] of MEMBER_FORMS) {
    it(`${name}: a member's form is drawn as React renders it, and hydrates on it without a mismatch`, async () => {
      await signInNow();
      const element = placeIsland(name, props);
      await startIslands();
      expectDrawnAsRendered(element, name, props);
      expect(element.querySelector('.isl-sign-in-row:not([hidden]), a[data-for="visitor"]:not([hidden])')).toBeNull();
      const own = element.querySelector<HTMLButtonElement>('button[data-for="member"]');
      expect(own).toMatchObject({ hidden: false, disabled: false });
      expect(element.querySelector<HTMLFieldSetElement>('fieldset.isl-member-fields')?.disabled ?? false).toBe(false);

      expect(await reachFor(element)).toEqual([]);
      expect(element.querySelector('button[data-for="member"]:not([hidden])')).not.toBeNull();
    });
  }

  it("provider-applications: a member's list is drawn as React renders it, kept up to date, and hydrates on it without a mismatch", async () => {
    let answer: (list: unknown) => void = () => undefined;
    t.api.on('GET /api/service/providers/', () => new Promise((resolve) => (answer = (list) => resolve({ status: 200, body: list }))));
    t.api.on('GET /api/service/3/', { status: 200, body: serviceView(3, 'Deep clean') });
    t.api.on('GET /api/service/5/', { status: 404, body: { error: true, message: 'Not found.' } });
    t.api.on('GET /api/service/6/', { status: 200, body: serviceView(6, 'Oven clean') });
    t.api.on('POST /api/service/providers/', { status: 201, body: providerApplication(11, 6, { experience_years: 2 }) });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await signInNow();
    const element = placeIsland('provider-applications', {});
    await startIslands();
    // Shown, still loading: what React renders while it waits.
    expect(element.querySelector('section')?.hidden).toBe(false);
    expect(element.textContent).toContain('Loading your applications…');
    expectDrawnAsRendered(element, 'provider-applications', {});

    answer(listOf([providerApplication(9, 3), providerApplication(8, 5, { status: 'Approved', availability: false, experience_years: 1 })]));
    await settle();
    const records = () => Array.from(element.querySelectorAll('li'));
    expect(records().map((record) => record.querySelector('h3')?.textContent)).toEqual(['Deep clean', 'Service 5']);
    expect(records()[1]!.textContent).toContain('1 year');
    expect(records().map((record) => record.querySelector<HTMLInputElement>('input[role="switch"]')?.checked)).toEqual([true, false]);
    expectDrawnAsRendered(element, 'provider-applications', {});

    // Sent by the form before the list is reached for: drawn first, without React.
    await applyAsProvider({ service: 6, bio: 'Ovens.', experience_years: 2, availability: true });
    await settle();
    expect(records().map((record) => record.querySelector('h3')?.textContent)).toEqual(['Oven clean', 'Deep clean', 'Service 5']);
    expectDrawnAsRendered(element, 'provider-applications', {});
    expect(element.dataset.hydrated).toBeUndefined();

    expect(await reachFor(element)).toEqual([]);
    expect(records().map((record) => record.querySelector('h3')?.textContent)).toEqual(['Oven clean', 'Deep clean', 'Service 5']);
    // Read once, by the drawing; React took the list it drew.
    expect(t.api.callsTo('GET /api/service/providers/')).toHaveLength(1);
  });

  it("provider-applications: signing out hides the drawn list and forgets it", async () => {
    t.api.on('GET /api/service/providers/', { status: 200, body: listOf([providerApplication(9, 3)]) });
    t.api.on('GET /api/service/3/', { status: 200, body: serviceView(3, 'Deep clean') });
    await signInNow();
    const element = placeIsland('provider-applications', {});
    await startIslands();
    expect(element.querySelectorAll('li')).toHaveLength(1);

    await act(async () => logout());
    expect(element.querySelector('section')?.hidden).toBe(true);
    expect(element.querySelectorAll('li')).toHaveLength(0);
    expectDrawnAsRendered(element, 'provider-applications', {});
  });

  it("draws a member's saved bookmarks once they are known, busy until then, and hydrates on them", async () => {
    await signInNow();
    let answer: (list: unknown) => void = () => undefined;
    t.api.on('GET /api/bookmarks/', () => new Promise((resolve) => (answer = (list) => resolve({ status: 200, body: list }))));
    const savedOne = placeIsland('bookmark-toggle', { service: 3, title: 'Deep clean' });
    const other = placeIsland('bookmark-toggle', { job: 4, title: 'Cook' });
    await startIslands();
    expect(t.api.callsTo('GET /api/bookmarks/')).toHaveLength(1);
    // Still loading: what React renders while it waits.
    expect(toggleButton(savedOne)).toMatchObject({ disabled: true });
    expectDrawnAsRendered(savedOne, 'bookmark-toggle', { service: 3, title: 'Deep clean' });

    answer(listOf([saved(1, 3)]));
    await settle();
    expect(toggleButton(savedOne).getAttribute('aria-pressed')).toBe('true');
    expect(toggleButton(savedOne).disabled).toBe(false);
    expect(toggleButton(savedOne).textContent).toBe('★SaveSaved');
    expectDrawnAsRendered(savedOne, 'bookmark-toggle', { service: 3, title: 'Deep clean' });
    expect(toggleButton(other).getAttribute('aria-pressed')).toBe('false');
    expectDrawnAsRendered(other, 'bookmark-toggle', { job: 4, title: 'Cook' });

    expect(await reachFor(savedOne)).toEqual([]);
    expect(toggleButton(savedOne).getAttribute('aria-pressed')).toBe('true');
    expect(t.api.callsTo('GET /api/bookmarks/')).toHaveLength(1);
  });

  it("draws the bookmarks this browser keeps for a visitor, and hydrates on them", async () => {
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify([{ kind: 'job', id: 4, title: 'Cook', saved_at: '2026-11-23T10:00:00Z' }]));
    const element = placeIsland('bookmark-toggle', { job: 4, title: 'Cook' });
    await startIslands();
    expect(toggleButton(element).getAttribute('aria-pressed')).toBe('true');
    expectDrawnAsRendered(element, 'bookmark-toggle', { job: 4, title: 'Cook' });
    expect(await reachFor(element)).toEqual([]);
    expect(t.api.calls).toEqual([]);
  });

  it('draws a visitor again after logging out, and never draws on an island React owns', async () => {
    // Asked by the toggles of earlier tests, which React still holds off the page.
    t.api.on('GET /api/bookmarks/', { status: 200, body: listOf([]) });
    await signInNow();
    const owned = placeIsland('review-form', { service: 3 });
    const waiting = placeIsland('review-report', { review: 7, service: 3 });
    await startIslands();
    expect(await reachFor(owned)).toEqual([]);

    await act(async () => logout());
    expectDrawnAsRendered(waiting, 'review-report', { review: 7, service: 3 });
    expect(waiting.querySelector('a[data-for="visitor"]')).toMatchObject({ hidden: false });
    // React renders the visitor's form in the island it owns: one sign-in row, shown.
    expect(owned.querySelectorAll('.isl-sign-in-row:not([hidden])')).toHaveLength(1);
    expect(await reachFor(waiting)).toEqual([]);
  });
});
