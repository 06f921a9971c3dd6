import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { resetProviderApplicationList } from '../../lib/member-services/provider-application-list.ts';
import { applyAsProvider, resetProviderModule } from '../../lib/member-services/providers.ts';
import { buttonNamed, click, listOf, providerApplication as application, serviceView as service, signIn } from '../../lib/member-services/testing.ts';
import { clearSignedInSession } from '../../lib/store/session.ts';
import { appStore, resetServiceModule } from '../../lib/store/index.ts';
import ProviderApplications from './index.tsx';

const items = (root: HTMLElement) => Array.from(root.querySelectorAll('li'));
const titles = (root: HTMLElement) => items(root).map((item) => item.querySelector('a')?.textContent);

describe('provider-applications', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
    resetServiceModule();
    resetProviderApplicationList();
    resetProviderModule();
    t.api.on('GET /api/auth/profile/', () => new Promise(() => undefined));
  });

  afterEach(() => {
    resetServiceModule();
    localStorage.clear();
  });

  it("is in the server's markup hidden, taking its room for a member only, and asks for nothing for a visitor", async () => {
    const server = document.createElement('div');
    server.innerHTML = loadServerBundle()('provider-applications', '{}', 'provider-applications-0-');
    const section = server.querySelector<HTMLElement>('section.isl-provider__applications')!;
    expect(section.dataset.for).toBe('member');
    expect(section.hidden).toBe(true);
    expect(section.textContent).toContain('Your provider applications');
    expect(section.textContent).toContain('Loading your applications…');

    t.island = await hydrateServerMarkup('provider-applications', ProviderApplications, {});
    await settle();
    expect(t.island.errors).toEqual([]);
    expect(t.island.element.querySelector('section')!.hidden).toBe(true);
    expect(t.api.calls.filter((call) => call.path !== '/api/auth/profile/')).toEqual([]);
  });

  it('puts an application the form sends first, even one sent while the list was being read', async () => {
    signIn();
    let answer: (value: { status: number; body?: unknown }) => void = () => undefined;
    t.api.on('GET /api/service/providers/', () => new Promise((resolve) => (answer = resolve)));
    t.api.on('POST /api/service/providers/', { status: 201, body: application(9, 4) });
    t.api.on('GET /api/service/4/', { status: 200, body: service(4, 'Oven clean') });
    t.api.on('GET /api/service/3/', { status: 200, body: service(3, 'Deep clean') });
    t.island = await hydrateServerMarkup('provider-applications', ProviderApplications, {});
    await settle();
    const root = t.island.element;
    expect(root.querySelector('section')!.hidden).toBe(false);
    expect(root.textContent).toContain('Loading your applications…');

    await applyAsProvider({ service: 4, bio: 'Ovens.', experience_years: 3, availability: true });
    await settle();
    expect(titles(root)).toEqual(['Oven clean']);
    // The list read before the application was made: it is kept all the same.
    answer({ status: 200, body: listOf([application(7, 3)]) });
    await settle();
    expect(titles(root)).toEqual(['Oven clean', 'Deep clean']);
  });

  it('forgets the account on sign-out: hidden, and the next member sees only their own', async () => {
    signIn();
    t.api.on(
      'GET /api/service/providers/',
      { status: 200, body: listOf([application(7, 3)]) },
      { status: 200, body: listOf([]) },
    );
    t.api.on('POST /api/service/providers/', { status: 201, body: application(9, 4) });
    t.api.on('GET /api/service/3/', { status: 200, body: service(3, 'Deep clean') });
    t.api.on('GET /api/service/4/', { status: 200, body: service(4, 'Oven clean') });
    t.island = await hydrateServerMarkup('provider-applications', ProviderApplications, {});
    await settle();
    const root = t.island.element;
    await applyAsProvider({ service: 4, bio: 'Ovens.', experience_years: 3, availability: true });
    await settle();
    expect(titles(root)).toEqual(['Oven clean', 'Deep clean']);

    // Signed out, in another tab say (logging out here also leaves the page).
    const signedIn = appStore.getState().session;
    clearSignedInSession();
    await settle();
    expect(root.querySelector('section')!.hidden).toBe(true);
    expect(items(root)).toEqual([]);

    appStore.setState({ session: { ...signedIn, accessToken: 'another member' } });
    await settle();
    expect(root.querySelector('section')!.hidden).toBe(false);
    expect(titles(root)).toEqual([]);
    expect(root.textContent).toContain('You have not applied to provide a service yet.');
  });

  it('forgets one account when another signs in without signing out (in another tab, say)', async () => {
    signIn();
    t.api.on(
      'GET /api/service/providers/',
      { status: 200, body: listOf([application(7, 3)]) },
      { status: 200, body: listOf([application(8, 4)]) },
    );
    t.api.on('GET /api/service/3/', { status: 200, body: service(3, 'Deep clean') });
    t.api.on('GET /api/service/4/', { status: 200, body: service(4, 'Oven clean') });
    t.island = await hydrateServerMarkup('provider-applications', ProviderApplications, {});
    await settle();
    const root = t.island.element;
    expect(titles(root)).toEqual(['Deep clean']);

    appStore.setState({ session: { ...appStore.getState().session, accessToken: 'another member', email: 'another@example.org' } });
    await settle();
    expect(titles(root)).toEqual(['Oven clean']);
  });

  it("lists the member's applications with a working availability switch and withdrawal, each with the spec's alerts", async () => {
    signIn();
    t.api.on('GET /api/service/providers/', { status: 200, body: listOf([application(9, 3), application(8, 5, { status: 'Approved', availability: false })]) });
    t.api.on('GET /api/service/3/', { status: 200, body: service(3, 'Deep clean') });
    t.api.on('GET /api/service/5/', { status: 200, body: service(5, 'Hedge trimming') });
    t.api.on(
      'PATCH /api/service/providers/9/',
      { status: 200, body: application(9, 3, { availability: false }) },
      { status: 400, body: { error: true, message: 'No.' } },
    );
    t.api.on('DELETE /api/service/providers/8/', { status: 500, body: { error: true, message: 'Server error.' } }, { status: 204 });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    t.island = await hydrateServerMarkup('provider-applications', ProviderApplications, {});
    await settle();
    const root = t.island.element;

    let list = items(root);
    expect(list.map((item) => item.querySelector('a')?.textContent)).toEqual(['Deep clean', 'Hedge trimming']);
    expect(list[0]!.textContent).toContain('Pending');
    expect(list[1]!.textContent).toContain('Approved');
    const switchOf = (item: HTMLElement) => item.querySelector<HTMLInputElement>('input[role="switch"]')!;
    expect(switchOf(list[0]!).checked).toBe(true);
    expect(switchOf(list[1]!).checked).toBe(false);

    await click(switchOf(list[0]!));
    expect(t.api.callsTo('PATCH /api/service/providers/9/').map((call) => call.body)).toEqual([{ availability: false }]);
    expect(switchOf(items(root)[0]!).checked).toBe(false);

    await click(switchOf(items(root)[0]!));
    expect(appStore.getState().alert).toMatchObject({ message: 'Failed to apply service', type: 'error' });
    expect(switchOf(items(root)[0]!).checked).toBe(false);

    await click(buttonNamed(items(root)[1]!, 'Withdraw'));
    expect(t.api.callsTo('DELETE /api/service/providers/8/')).toHaveLength(0);
    await click(buttonNamed(root, 'Yes, withdraw it'));
    expect(appStore.getState().alert).toMatchObject({ message: 'Failed to delete application', type: 'error' });
    expect(items(root)).toHaveLength(2);

    await click(buttonNamed(items(root)[1]!, 'Withdraw'));
    await click(buttonNamed(root, 'Yes, withdraw it'));
    expect(t.api.callsTo('DELETE /api/service/providers/8/')).toHaveLength(2);
    expect(appStore.getState().alert).toMatchObject({ message: 'Application deleted successfully', type: 'success' });
    list = items(root);
    expect(list.map((item) => item.querySelector('a')?.textContent)).toEqual(['Deep clean']);
    expect(appStore.getState().loading).toBe(false);
  });
});
