import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { field, fillAndSubmit, settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { signedOutFormOf } from '../../../test/server-markup.ts';
import { onProviderApplied } from '../../lib/member-services/provider-records.ts';
import { resetProviderModule } from '../../lib/member-services/providers.ts';
import { listOf, providerApplication as application, serviceView as service, setValue, signIn } from '../../lib/member-services/testing.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { appStore, resetServiceModule } from '../../lib/store/index.ts';
import ProviderApplication from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const CATEGORIES = [
  { slug: 'cleaning', name: 'Cleaning', count: 2 },
  { slug: 'gardening', name: 'Gardening', count: 1 },
];
const PROPS = { categories: CATEGORIES, selected: null };

const selectLabelled = (root: HTMLElement, label: string) => field(root, label) as unknown as HTMLSelectElement;

describe('provider-application', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
    resetServiceModule();
    resetProviderModule();
    t.api.on('GET /api/auth/profile/', () => new Promise(() => undefined));
  });

  afterEach(() => {
    resetServiceModule();
    localStorage.clear();
    vi.mocked(navigate).mockClear();
  });

  it("renders a visitor's form on the server, the chosen service in it and disabled, with a way to sign in that comes back to it", async () => {
    const props = { categories: CATEGORIES, selected: { id: 3, title: 'Deep clean', category: 'cleaning' } };
    const server = document.createElement('div');
    server.innerHTML = loadServerBundle()('provider-application', JSON.stringify(props), 'provider-application-0-');
    const fields = server.querySelector('form.isl-provider-form fieldset')!;
    expect(fields.hasAttribute('disabled')).toBe(true);
    expect(selectLabelled(server, 'Category').value).toBe('cleaning');
    expect(Array.from(selectLabelled(server, 'Category').options).map((option) => option.text)).toEqual([
      'Choose a category…',
      'Cleaning (2)',
      'Gardening (1)',
    ]);
    expect(selectLabelled(server, 'Service').value).toBe('3');
    // Not "1 service in Cleaning": a visitor is shown no list of them.
    expect(server.textContent).toContain('Sign in to see the services of this category.');
    expect(field(server, 'About you')).toBeTruthy();
    expect(signedOutFormOf(server).submittable).toBe(false);
    expect(server.querySelector('a.button')?.getAttribute('href')).toBe('/user/login?redirect=%2Fbecome-provider%3Fservice%3D3');
    expect(server.textContent).toContain('to apply, so that we can keep you updated on your application.');

    t.island = await hydrateServerMarkup('provider-application', ProviderApplication, props);
    expect(t.island.errors).toEqual([]);
    const root = t.island.element;
    expect(root.querySelector('fieldset')!.disabled).toBe(true);
    expect(t.api.calls.filter((call) => call.path !== '/api/auth/profile/')).toEqual([]);
  });

  it('chooses a category first, then a service of that category only, and applies with the spec body', async () => {
    signIn();
    t.api.on('GET /api/service/', { status: 200, body: listOf([service(3, 'Deep clean'), service(4, 'Oven clean')]) });
    t.api.on('POST /api/service/providers/', { status: 201, body: application(9, 4, { availability: true }) });
    const heard: unknown[] = [];
    onProviderApplied((sent) => heard.push(sent));
    t.island = await hydrateServerMarkup('provider-application', ProviderApplication, PROPS);
    await settle();
    expect(t.island.errors).toEqual([]);
    const root = t.island.element;

    const category = selectLabelled(root, 'Category');
    const serviceSelect = selectLabelled(root, 'Service');
    expect(Array.from(category.options).map((option) => option.textContent)).toEqual(['Choose a category…', 'Cleaning (2)', 'Gardening (1)']);
    expect(serviceSelect.disabled).toBe(true);
    expect(t.api.callsTo('GET /api/service/')).toHaveLength(0);

    setValue(category, 'cleaning');
    await settle();
    const query = new URL(t.api.callsTo('GET /api/service/')[0]!.url, 'http://localhost').searchParams;
    expect(query.get('category__slug')).toBe('cleaning');
    expect(query.get('status')).toBe('Open');
    expect(serviceSelect.disabled).toBe(false);
    expect(Array.from(serviceSelect.options).map((option) => option.textContent)).toEqual(['Choose a service…', 'Deep clean', 'Oven clean']);

    setValue(serviceSelect, '4');
    await fillAndSubmit(root, { 'About you': 'Ten years of cleaning.', 'Years of experience': '10' });

    expect(t.api.callsTo('POST /api/service/providers/').map((call) => call.body)).toEqual([
      { service: 4, bio: 'Ten years of cleaning.', experience_years: 10, availability: true },
    ]);
    expect(appStore.getState().alert).toMatchObject({ message: 'Application sent successfully', type: 'success' });
    expect(selectLabelled(root, 'Service').value).toBe('');
    // The list of the member's applications, an island of its own, hears of it.
    expect(heard).toEqual([application(9, 4, { availability: true })]);
    expect(appStore.getState().loading).toBe(false);
  });

  it('alerts exactly "Failed to apply service" when the application is refused', async () => {
    signIn();
    t.api.on('POST /api/service/providers/', {
      status: 400,
      body: { error: true, message: 'You have already applied.', service: ['You have already applied to provide this service.'] },
    });
    const props = { categories: CATEGORIES, selected: { id: 3, title: 'Deep clean', category: 'cleaning' } };
    t.api.on('GET /api/service/', () => new Promise(() => undefined));
    t.island = await hydrateServerMarkup('provider-application', ProviderApplication, props);
    await settle();
    const root = t.island.element;
    // The service of the page's query is chosen already.
    expect(selectLabelled(root, 'Service').value).toBe('3');

    await fillAndSubmit(root, { 'About you': 'Again.', 'Years of experience': '2' });
    expect(t.api.callsTo('POST /api/service/providers/')[0]?.body).toEqual({ service: 3, bio: 'Again.', experience_years: 2, availability: true });
    expect(appStore.getState().alert).toMatchObject({ message: 'Failed to apply service', type: 'error' });
    expect(root.textContent).toContain('You have already applied to provide this service.');
  });
});
