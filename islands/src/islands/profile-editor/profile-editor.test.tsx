import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../test/fake-api.ts';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { errorOf, field, settle } from '../../../test/forms.ts';
import { hydrateServerMarkup, type HydratedIsland } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { storeSignedInSession } from '../../../test/signed-in-session.ts';
import { appStore, initialAppState, resetSessionModule, restoreSession, type User } from '../../lib/store/index.ts';
import { formatUploadDate } from './certificates.tsx';
import ProfileEditor from './index.tsx';
import { SIGNED_URL_MAX_AGE_MS } from './view-link.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const USER: User = {
  id: 1,
  full_name: 'Anna Smith',
  email: 'anna@example.co.uk',
  phone_number: '07700900123',
  address_line_1: '1 High Street',
  postcode: 'SW1A 1AA',
  city: 'London',
  country: 'United Kingdom',
  profile_picture: null,
  resume: 'https://files.example/cv.pdf?sig=1',
  passport: null,
  utility_bill: null,
  date_of_birth: '1990-05-01',
  other_documents: null,
  is_verified: true,
  certificates: [{ id: 5, name: 'First aid', file: 'https://files.example/c5.pdf?sig=1', uploaded_at: '2025-01-02T10:00:00Z' }],
};

const storeSignedIn = () => storeSignedInSession({ accessToken: 'access-1', user: USER, email: USER.email });

/** Submits a form the way a browser does once its fields are valid (jsdom cannot pick files). */
async function submit(form: HTMLFormElement | null | undefined): Promise<void> {
  await act(async () => {
    form?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

const documentForm = (island: HydratedIsland, label: string) => field(island.element, label).closest('form');

describe('profile-editor', () => {
  let island: HydratedIsland | null = null;
  let api: FakeApi;

  beforeEach(() => {
    localStorage.clear();
    resetSessionModule();
    api = installFakeApi();
    api.on('GET /api/auth/profile/', { status: 200, body: USER });
    FakeXhr.install();
  });

  afterEach(() => {
    act(() => island?.root.unmount());
    island?.element.remove();
    island = null;
    resetSessionModule();
    appStore.setState(initialAppState);
    localStorage.clear();
    vi.useRealTimers();
  });

  it('server-renders the sign-in notice (the session lives in the browser)', () => {
    const host = document.createElement('div');
    host.innerHTML = loadServerBundle()('profile-editor', '{}', 'profile-editor-0-');
    expect(host.textContent).toContain('Sign in to see and edit your profile.');
    expect(host.querySelector('a.button')?.getAttribute('href')).toBe('/user/login?redirect=%2Fuser%2Fprofile');
  });

  it('hydrates a signed-in session without errors, fetches the profile and shows it', async () => {
    storeSignedIn();
    restoreSession();
    island = await hydrateServerMarkup('profile-editor', ProfileEditor);
    await settle();
    expect(island.errors).toEqual([]);
    // Fetched again on mount: the stored file URLs may have expired.
    expect(api.callsTo('GET /api/auth/profile/')).toHaveLength(1);

    const meter = island.element.querySelector('meter');
    // 10 of 14 filled: 71.4 %.
    expect(meter?.getAttribute('value')).toBe('71');
    expect(meter?.labels?.[0]?.textContent).toBe('Profile completion');
    expect(island.element.textContent).toContain('Still to add: Profile picture, Passport, Utility bill, Other documents.');

    expect(field(island.element, 'Full name').value).toBe('Anna Smith');
    expect(field(island.element, 'Email address').readOnly).toBe(true);
    expect(field(island.element, 'Postcode').getAttribute('autocomplete')).toBe('postal-code');
    expect(field(island.element, 'Date of birth').value).toBe('1990-05-01');

    const view = Array.from(island.element.querySelectorAll<HTMLAnchorElement>('a.isl-view-link'));
    expect(view.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['View CV', 'https://files.example/cv.pdf?sig=1'],
      ['View First aid', 'https://files.example/c5.pdf?sig=1'],
    ]);
    for (const label of ['Profile picture', 'CV', 'Passport', 'Utility bill (proof of address)', 'Other documents', 'Add a certificate']) {
      const input = field(island.element, label);
      expect(input.type).toBe('file');
      expect(input.getAttribute('accept')).toBeTruthy();
    }
    expect(field(island.element, 'Add a certificate').name).toBe('certificates');

    const item = island.element.querySelector('.isl-certificates__item');
    expect(item?.textContent).toContain('First aid');
    expect(item?.querySelector('time')?.textContent).toBe(formatUploadDate('2025-01-02T10:00:00Z'));
    expect(formatUploadDate('2025-01-02T10:00:00Z')).toBe('2 January 2025');
  });

  it('saves the details as a multipart PATCH', async () => {
    storeSignedIn();
    restoreSession();
    island = await hydrateServerMarkup('profile-editor', ProfileEditor);
    await settle();
    field(island.element, 'Town or city').value = 'Manchester';
    field(island.element, 'Date of birth').value = '';
    await act(async () => {
      island?.element.querySelector<HTMLButtonElement>('form.form button[type="submit"]')?.click();
    });
    const xhr = FakeXhr.last();
    expect([xhr.method, xhr.url, xhr.requestHeaders.authorization]).toEqual(['PATCH', '/api/auth/profile/', 'Bearer access-1']);
    const sent = xhr.body as FormData;
    expect(sent.get('city')).toBe('Manchester');
    expect(sent.get('full_name')).toBe('Anna Smith');
    expect(sent.has('email')).toBe(false);
    // Emptied: sent empty, which clears it.
    expect(sent.get('date_of_birth')).toBe('');
    expect(sent.get('phone_number')).toBe('07700900123');
    expect(appStore.getState().loading).toBe(true);

    await act(async () => xhr.respond(400, { phone_number: ['Enter a valid UK phone number.'] }));
    await settle();
    expect(errorOf(field(island.element, 'Phone number'))).toBe('Enter a valid UK phone number.');
    expect(appStore.getState().alert?.message).toBe('Enter a valid UK phone number.');
    expect(appStore.getState().loading).toBe(false);
    expect(island.errors).toEqual([]);
  });

  it('uploads a document with a progress bar, then shows the new file', async () => {
    storeSignedIn();
    restoreSession();
    island = await hydrateServerMarkup('profile-editor', ProfileEditor);
    await settle();
    await submit(documentForm(island, 'Passport'));
    const xhr = FakeXhr.last();
    expect((xhr.body as FormData).has('passport')).toBe(true);
    const progress = () => island?.element.querySelector('progress');
    expect(progress()?.getAttribute('aria-label')).toBe('Uploading Passport');
    expect(documentForm(island, 'Passport')?.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(true);
    // Uploads show their own progress, not the full-screen loader.
    expect(appStore.getState().loading).toBe(false);

    await act(async () => xhr.progress(40, 100));
    expect(progress()?.getAttribute('value')).toBe('40');

    await act(async () => xhr.respond(200, { ...USER, passport: 'https://files.example/pp.pdf?sig=2' }));
    await settle();
    expect(progress()).toBeNull();
    expect(appStore.getState().alert?.message).toBe('Profile/File updated successfully!');
    // 11 of 14: 78.6 %.
    expect(island.element.querySelector('meter')?.getAttribute('value')).toBe('79');
    expect(Array.from(island.element.querySelectorAll('a.isl-view-link')).map((link) => link.textContent)).toContain('View Passport');
  });

  it('shows a file error next to its input', async () => {
    storeSignedIn();
    restoreSession();
    island = await hydrateServerMarkup('profile-editor', ProfileEditor);
    await settle();
    await submit(documentForm(island, 'CV'));
    await act(async () => FakeXhr.last().respond(415, { error: true, message: 'Unsupported file type.', resume: ['Upload a PDF, Word, JPG or PNG file.'] }));
    await settle();
    const input = field(island.element, 'CV');
    expect(errorOf(input)).toBe('Upload a PDF, Word, JPG or PNG file.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(appStore.getState().alert?.message).toBe('Unsupported file type.');
  });

  it('removes a certificate and reloads the profile', async () => {
    storeSignedIn();
    restoreSession();
    island = await hydrateServerMarkup('profile-editor', ProfileEditor);
    await settle();
    api.on('DELETE /api/auth/certificate/5/', { status: 204 });
    api.on('GET /api/auth/profile/', { status: 200, body: { ...USER, certificates: [] } });
    const remove = island.element.querySelector<HTMLButtonElement>('.isl-certificates__item button');
    expect(remove?.textContent).toBe('Remove First aid');
    await act(async () => remove?.click());
    await settle();
    expect(api.callsTo('DELETE /api/auth/certificate/5/')).toHaveLength(1);
    expect(appStore.getState().alert?.message).toBe('Certificate removed successfully!');
    expect(island.element.querySelector('.isl-certificates__item')).toBeNull();
    expect(island.element.textContent).toContain('No certificates yet.');
  });

  it('fetches new signed URLs before opening a file when the profile is older than 10 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    storeSignedIn();
    restoreSession();
    island = await hydrateServerMarkup('profile-editor', ProfileEditor);
    await settle();
    const link = island.element.querySelector<HTMLAnchorElement>('a.isl-view-link');

    // Fresh: the link opens as it is.
    const fresh = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    link?.addEventListener('click', (event) => event.preventDefault(), { once: true });
    link?.dispatchEvent(fresh);
    expect(open).not.toHaveBeenCalled();

    vi.setSystemTime(Date.now() + SIGNED_URL_MAX_AGE_MS + 1);
    api.on('GET /api/auth/profile/', { status: 200, body: { ...USER, resume: 'https://files.example/cv.pdf?sig=2' } });
    const tab = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    open.mockReturnValue(tab);
    const stale = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => {
      link?.dispatchEvent(stale);
    });
    await settle();
    expect(stale.defaultPrevented).toBe(true);
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe('https://files.example/cv.pdf?sig=2');
    expect(api.callsTo('GET /api/auth/profile/')).toHaveLength(2);
  });
});
