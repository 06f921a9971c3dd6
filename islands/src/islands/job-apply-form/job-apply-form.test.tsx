import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { chooseFile, pdf } from '../../../test/files.ts';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { errorOf, field, settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { serverMarkup, signedOutFormOf } from '../../../test/server-markup.ts';
import { signIn } from '../../lib/member-services/testing.ts';
import { appStore, type User } from '../../lib/store/index.ts';
import JobApplyForm from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const PROPS = { job: 3 };
const USER: User = {
  id: 1,
  full_name: 'Anna Smith',
  email: 'anna@example.co.uk',
  phone_number: '07700900123',
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
const APPLICATION = {
  id: 12,
  job: { id: 3, title: 'Care assistant', company: 'Pennine Care Partners', status: 'Open' },
  full_name: 'Anna Smith',
  email: 'anna@example.co.uk',
  phone_number: '07700900123',
  cover_letter: 'I have five years in home care.',
  resume: 'https://files.example/cv.pdf?sig=1',
  status: 'Submitted',
  created_at: '2026-11-25T10:00:00Z',
  updated_at: null,
};

const formOf = (root: HTMLElement) => root.querySelector('form')!;

/** Submits as the button would; returns the upload it started. */
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

describe('job-apply-form', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
    FakeXhr.install();
    t.api.on('GET /api/auth/profile/', { status: 200, body: USER });
  });

  afterEach(() => {
    localStorage.clear();
  });

  it('renders on the server the whole form as a visitor sees it: fields disabled, and a way to sign in that comes back to this job', () => {
    const root = serverMarkup('job-apply-form', PROPS);
    expect(formOf(root).hasAttribute('action')).toBe(false);
    expect(['Full name', 'Email address', 'Phone number', 'Cover letter'].map((label) => field(root, label).name)).toEqual([
      'full_name',
      'email',
      'phone_number',
      'cover_letter',
    ]);
    expect(field(root, 'CV').type).toBe('file');
    expect(signedOutFormOf(root)).toEqual({
      disabled: true,
      submittable: false,
      signIn: 'Sign into apply and follow your application from your account. New here? Create an account',
      returnsTo: '/apply?id=3',
    });
  });

  it('renders nothing without a job id', async () => {
    signIn();
    t.island = await hydrateServerMarkup('job-apply-form', JobApplyForm, { job: '3' });
    expect(t.island.element.innerHTML).toBe('');
  });

  it('keeps that markup for a signed-out visitor once hydrated, without a mismatch', async () => {
    t.island = await hydrateServerMarkup('job-apply-form', JobApplyForm, PROPS);
    expect(t.island.errors).toEqual([]);
    expect(signedOutFormOf(t.island.element)).toMatchObject({ disabled: true, submittable: false, returnsTo: '/apply?id=3' });
  });

  it('hydrates for a member into a labelled form, name, email and phone from the profile, the CV limited to PDF and Word', async () => {
    signIn();
    t.island = await hydrateServerMarkup('job-apply-form', JobApplyForm, PROPS);
    await settle();
    expect(t.island.errors).toEqual([]);
    const root = t.island.element;
    expect(formOf(root).hasAttribute('action')).toBe(false);
    expect(formOf(root).noValidate).toBe(true);
    expect(signedOutFormOf(root)).toMatchObject({ disabled: false, submittable: true, signIn: '' });
    expect(field(root, 'Full name').value).toBe('Anna Smith');
    expect(field(root, 'Email address').value).toBe('anna@example.co.uk');
    expect(field(root, 'Phone number').value).toBe('07700900123');
    expect(field(root, 'Cover letter').value).toBe('');
    const cv = field(root, 'CV');
    expect(cv.type).toBe('file');
    expect(cv.accept).toBe('.pdf,.doc,.docx');
    // Nothing is being sent: no bar yet, but its live region waits in the page.
    expect(root.querySelector('progress')).toBeNull();
    expect(root.querySelector('.isl-upload')?.getAttribute('aria-live')).toBe('polite');
  });

  it('keeps what the member typed before the profile arrived', async () => {
    let deliver: (reply: { status: number; body: unknown }) => void = () => undefined;
    t.api.on('GET /api/auth/profile/', () => new Promise((resolve) => (deliver = resolve)));
    signIn();
    t.island = await hydrateServerMarkup('job-apply-form', JobApplyForm, PROPS);
    const root = t.island.element;
    field(root, 'Full name').value = 'Anna M. Smith';
    await act(async () => deliver({ status: 200, body: USER }));
    await settle();
    expect(field(root, 'Full name').value).toBe('Anna M. Smith');
    expect(field(root, 'Email address').value).toBe('anna@example.co.uk');
  });

  it('sends the application as multipart with the CV, shows the upload on a labelled bar, then confirms with a way to follow it', async () => {
    signIn();
    t.island = await hydrateServerMarkup('job-apply-form', JobApplyForm, PROPS);
    await settle();
    const root = t.island.element;
    field(root, 'Cover letter').value = ' I have five years in home care. ';
    const cv = pdf();
    chooseFile(field(root, 'CV'), cv);

    const xhr = await submit(root);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/job-apply/');
    expect(xhr.requestHeaders.authorization).toBe('Bearer a');
    const body = xhr.body as FormData;
    expect(Array.from(body.keys())).toEqual(['job', 'full_name', 'email', 'phone_number', 'cover_letter', 'resume']);
    expect(body.get('job')).toBe('3');
    expect(body.get('full_name')).toBe('Anna Smith');
    expect(body.get('cover_letter')).toBe('I have five years in home care.');
    expect((body.get('resume') as File).name).toBe('cv.pdf');

    const bar = () => root.querySelector('progress');
    expect(bar()?.getAttribute('value')).toBe('0');
    expect(root.querySelector(`label[for="${bar()?.id}"]`)?.textContent).toBe('Sending your application');
    expect(bar()?.closest('[aria-live="polite"]')).not.toBeNull();
    expect(root.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(true);
    // The bar shows the upload: the full-screen loader would cover it.
    expect(appStore.getState().loading).toBe(false);
    await act(async () => xhr.progress(40, 100));
    expect(bar()?.getAttribute('value')).toBe('40');
    expect(root.querySelector('.isl-upload__percent')?.textContent).toBe('40%');

    await answer(xhr, 201, APPLICATION);
    expect(appStore.getState().alert).toMatchObject({ message: 'Job application submitted successfully', type: 'success' });
    expect(root.querySelector('form')).toBeNull();
    expect(root.textContent).toContain('Your application is sent.');
    expect(root.querySelector('a[href="/user/applications"]')?.textContent).toBe('See your applications');
    expect(document.activeElement).toBe(root.querySelector('.isl-form-sent'));
    expect(t.island.errors).toEqual([]);
  });

  it('sends even an incomplete form (only the server validates) and shows its messages beside their fields', async () => {
    signIn();
    t.island = await hydrateServerMarkup('job-apply-form', JobApplyForm, PROPS);
    await settle();
    const root = t.island.element;
    field(root, 'Phone number').value = '123';

    const xhr = await submit(root);
    const body = xhr.body as FormData;
    expect(body.get('phone_number')).toBe('123');
    expect(body.get('cover_letter')).toBe('');
    // No file chosen: no part at all, so the server says the CV is missing.
    expect(body.has('resume')).toBe(false);

    await answer(xhr, 400, {
      error: true,
      message: 'Check the highlighted fields.',
      phone_number: ['Enter a valid UK phone number.'],
      cover_letter: ['This field may not be blank.'],
      resume: ['No file was submitted.'],
    });
    expect(appStore.getState().alert).toMatchObject({ message: 'Failed to apply job', type: 'error' });
    expect(errorOf(field(root, 'Phone number'))).toBe('Enter a valid UK phone number.');
    expect(errorOf(field(root, 'Cover letter'))).toBe('This field may not be blank.');
    expect(errorOf(field(root, 'CV'))).toBe('No file was submitted.');
    expect(field(root, 'Phone number').getAttribute('aria-invalid')).toBe('true');
    // The first field in error gets the focus; the form stays as it was.
    expect(document.activeElement).toBe(field(root, 'Phone number'));
    expect(field(root, 'Full name').value).toBe('Anna Smith');
    expect(root.querySelector('progress')).toBeNull();
    expect(root.textContent).not.toContain('Check the highlighted fields.');
  });

  it('says why when no field is at fault (a second application), beside the spec alert', async () => {
    signIn();
    t.island = await hydrateServerMarkup('job-apply-form', JobApplyForm, PROPS);
    await settle();
    const root = t.island.element;
    chooseFile(field(root, 'CV'), pdf());

    await answer(await submit(root), 400, { error: true, message: 'You have already applied for this job.' });
    expect(appStore.getState().alert?.message).toBe('Failed to apply job');
    const message = root.querySelector('[aria-live="assertive"]');
    expect(message?.textContent).toBe('You have already applied for this job.');
    expect(root.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(false);
  });

  it('alerts "Failed to apply job" when the upload gets no answer', async () => {
    signIn();
    t.island = await hydrateServerMarkup('job-apply-form', JobApplyForm, PROPS);
    await settle();
    const xhr = await submit(t.island.element);
    await act(async () => xhr.fail());
    await settle();
    expect(appStore.getState().alert).toMatchObject({ message: 'Failed to apply job', type: 'error' });
    expect(t.island.element.querySelector('form')).not.toBeNull();
  });
});
