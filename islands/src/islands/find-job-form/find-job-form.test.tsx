import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { chooseFile, pdf } from '../../../test/files.ts';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { errorOf, field, settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { serverMarkup, submitButtonOf } from '../../../test/server-markup.ts';
import { signIn } from '../../lib/member-services/testing.ts';
import { appStore, type User } from '../../lib/store/index.ts';
import FindJobForm from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const USER: User = {
  id: 1,
  full_name: 'Anna Smith',
  email: 'anna@example.co.uk',
  phone_number: null,
  address_line_1: null,
  postcode: null,
  city: null,
  country: null,
  profile_picture: null,
  resume: null,
  passport: null,
  utility_bill: null,
  date_of_birth: null,
  other_documents: null,
  is_verified: true,
  certificates: [],
};
const REGISTERED = 'Thank you: you are registered. We have emailed you a link to confirm your job alerts.';

const checkbox = (root: HTMLElement, name: string, value?: string) =>
  root.querySelector<HTMLInputElement>(`input[type="checkbox"][name="${name}"]${value === undefined ? '' : `[value="${value}"]`}`)!;

function fill(root: HTMLElement): void {
  field(root, 'Full name').value = 'Sam Patel';
  field(root, 'Email address').value = 'sam@example.co.uk';
  field(root, 'Phone number').value = '07700 900456';
  field(root, 'Roles').value = 'Care assistant\nSupport worker\n';
  field(root, 'Locations').value = 'Leeds\nBradford';
  field(root, 'Near a postcode').value = 'LS6 1AA';
  chooseFile(field(root, 'CV'), pdf());
}

async function submit(root: HTMLElement): Promise<FakeXhr> {
  await act(async () => {
    root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
  });
  return FakeXhr.last();
}

async function answer(xhr: FakeXhr, status: number, body?: unknown): Promise<void> {
  await act(async () => xhr.respond(status, body));
  await settle();
}

const texts = (body: FormData) =>
  Object.fromEntries(Array.from(body.entries()).map(([name, value]) => [name, typeof value === 'string' ? value : `file ${value.name}`]));

describe('find-job-form', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
    FakeXhr.install();
    t.api.on('GET /api/auth/profile/', { status: 200, body: USER });
  });

  afterEach(() => {
    localStorage.clear();
  });

  it('renders the whole form on the server, its button waiting for JavaScript (nothing posts the CV without it)', () => {
    const root = serverMarkup('find-job-form');
    const form = root.querySelector('form')!;
    expect(form.hasAttribute('action')).toBe(false);
    expect(['Full name', 'Email address', 'Phone number', 'Roles', 'Locations', 'CV'].map((label) => field(root, label).name)).toEqual([
      'full_name',
      'email',
      'phone_number',
      'roles',
      'locations',
      'cv',
    ]);
    expect(root.querySelectorAll('input[name="employment_types"]')).toHaveLength(4);
    expect(submitButtonOf(root).textContent).toBe('Register');
    expect(submitButtonOf(root).disabled).toBe(true);
  });

  it('hydrates for a visitor into an empty, labelled form: roles, places, kinds of work, CV and the alerts choice', async () => {
    t.island = await hydrateServerMarkup('find-job-form', FindJobForm);
    expect(t.island.errors).toEqual([]);
    const root = t.island.element;
    expect(root.querySelector('form')?.noValidate).toBe(true);
    expect(submitButtonOf(root).disabled).toBe(false);
    expect(field(root, 'Full name').value).toBe('');
    expect(field(root, 'Roles').tagName).toBe('TEXTAREA');
    expect(field(root, 'Locations').required).toBe(false);
    expect(field(root, 'CV').accept).toBe('.pdf,.doc,.docx');
    const kinds = Array.from(root.querySelectorAll<HTMLInputElement>('input[name="employment_types"]'));
    expect(kinds.map((box) => [box.value, box.closest('label')?.textContent?.trim()])).toEqual([
      ['full_time', 'Full-time'],
      ['part_time', 'Part-time'],
      ['contract', 'Contract'],
      ['temporary', 'Temporary'],
    ]);
    expect(kinds[0]?.closest('fieldset')?.querySelector('legend')?.textContent).toBe('Kinds of work (optional)');
    const alerts = checkbox(root, 'job_alerts');
    expect(alerts.checked).toBe(false);
    expect(alerts.closest('label')?.textContent?.trim()).toBe('Email me new jobs that match (at most once a day)');
    expect(t.api.callsTo('GET /api/auth/profile/')).toHaveLength(0);
  });

  it('starts a member\'s name and email from the profile', async () => {
    signIn();
    t.island = await hydrateServerMarkup('find-job-form', FindJobForm);
    await settle();
    expect(field(t.island.element, 'Full name').value).toBe('Anna Smith');
    expect(field(t.island.element, 'Email address').value).toBe('anna@example.co.uk');
    expect(field(t.island.element, 'Phone number').value).toBe('');
  });

  it('registers as multipart: the kinds comma-separated, alerts "true", the CV; the upload on a bar; then the server\'s message', async () => {
    t.island = await hydrateServerMarkup('find-job-form', FindJobForm);
    const root = t.island.element;
    fill(root);
    act(() => {
      checkbox(root, 'employment_types', 'full_time').click();
      checkbox(root, 'employment_types', 'temporary').click();
      checkbox(root, 'job_alerts').click();
    });

    const xhr = await submit(root);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/job-seekers/');
    // A visitor: no token.
    expect(xhr.requestHeaders.authorization).toBeUndefined();
    expect(texts(xhr.body as FormData)).toEqual({
      full_name: 'Sam Patel',
      email: 'sam@example.co.uk',
      phone_number: '07700 900456',
      roles: 'Care assistant\nSupport worker',
      locations: 'Leeds\nBradford',
      near: 'LS6 1AA',
      // The distance offered first: the server's default.
      within: '25',
      employment_types: 'full_time,temporary',
      job_alerts: 'true',
      cv: 'file cv.pdf',
    });
    const bar = () => root.querySelector('progress');
    expect(root.querySelector(`label[for="${bar()?.id}"]`)?.textContent).toBe('Sending your CV');
    await act(async () => xhr.progress(1, 2));
    expect(bar()?.getAttribute('value')).toBe('50');

    await answer(xhr, 201, { id: 4, message: REGISTERED });
    expect(appStore.getState().alert).toMatchObject({ message: REGISTERED, type: 'success' });
    expect(root.querySelector('form')).toBeNull();
    expect(root.textContent).toContain(REGISTERED);
    expect(document.activeElement).toBe(root.querySelector('.isl-form-sent'));
    expect(t.island.errors).toEqual([]);
  });

  it('sends no kinds and alerts "false" when nothing is ticked', async () => {
    t.island = await hydrateServerMarkup('find-job-form', FindJobForm);
    fill(t.island.element);
    const body = texts((await submit(t.island.element)).body as FormData);
    expect(body.employment_types).toBe('');
    expect(body.job_alerts).toBe('false');
  });

  it('sends an incomplete form too (only the server validates), alerts the server\'s message and shows its field messages', async () => {
    t.island = await hydrateServerMarkup('find-job-form', FindJobForm);
    const root = t.island.element;
    const xhr = await submit(root);
    expect((xhr.body as FormData).has('cv')).toBe(false);

    await answer(xhr, 400, {
      error: true,
      message: 'Check the highlighted fields.',
      full_name: ['This field may not be blank.'],
      roles: ['Name at least one role.'],
      employment_types: ['"weekends" is not a valid choice.'],
      cv: ['No file was submitted.'],
    });
    expect(appStore.getState().alert).toMatchObject({ message: 'Check the highlighted fields.', type: 'error' });
    expect(errorOf(field(root, 'Full name'))).toBe('This field may not be blank.');
    expect(errorOf(field(root, 'Roles'))).toBe('Name at least one role.');
    expect(errorOf(field(root, 'CV'))).toBe('No file was submitted.');
    const kinds = root.querySelector('input[name="employment_types"]')!.closest('fieldset')!;
    expect(kinds.querySelector('.isl-field-error')?.textContent).toBe('"weekends" is not a valid choice.');
    expect(kinds.getAttribute('aria-describedby')).toContain(kinds.querySelector('.isl-field-error')?.id);
    expect(root.querySelector('form')).not.toBeNull();
  });

  it('alerts "Failed to register" when the server gives no message', async () => {
    t.island = await hydrateServerMarkup('find-job-form', FindJobForm);
    fill(t.island.element);
    const xhr = await submit(t.island.element);
    await act(async () => xhr.fail());
    await settle();
    expect(appStore.getState().alert).toMatchObject({ message: 'Failed to register', type: 'error' });
  });
});
