import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { chooseFile, pdf } from '../../../test/files.ts';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { errorOf, field, settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { serverMarkup, signedOutFormOf } from '../../../test/server-markup.ts';
import { setValue, signIn } from '../../lib/member-services/testing.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { appStore } from '../../lib/store/index.ts';
import JobPostForm from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const JOB = {
  id: 57,
  slug: 'night-care-assistant-57',
  title: 'Night care assistant',
  company: 'Pennine Care Partners',
  location: 'Leeds',
  employment_type: 'part_time',
  salary_min: '12.50',
  salary_max: null,
  salary_period: 'hour',
  description: 'Three nights a week.',
  status: 'Open',
  posted_at: '2026-11-25',
  closes_at: '2030-01-31',
  attachment: null,
  is_owner: true,
  application_count: 0,
};

function fill(root: HTMLElement): void {
  field(root, 'Job title').value = ' Night care assistant ';
  field(root, 'Company').value = 'Pennine Care Partners';
  field(root, 'Location').value = 'Leeds';
  field(root, 'Postcode').value = ' ls6 1aa ';
  setValue(field(root, 'Employment type') as unknown as HTMLSelectElement, 'part_time');
  field(root, 'Salary from (£)').value = '12.50';
  setValue(field(root, 'Paid') as unknown as HTMLSelectElement, 'hour');
  field(root, 'Closing date').value = '2030-01-31';
  field(root, 'Job description').value = 'Three nights a week.';
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

/** Where the page renders it: /form/job-post, to which signing in comes back. */
const PROPS = { page: '/form/job-post' };

describe('job-post-form', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
    FakeXhr.install();
    vi.mocked(navigate).mockClear();
    t.api.on('GET /api/auth/profile/', () => new Promise(() => undefined));
  });

  afterEach(() => {
    localStorage.clear();
  });

  it('renders on the server the whole form as a visitor sees it: fields disabled, and a way to sign in that comes back to the page', () => {
    const root = serverMarkup('job-post-form', PROPS);
    expect(root.querySelector('form')?.hasAttribute('action')).toBe(false);
    expect(['Job title', 'Company', 'Location', 'Employment type', 'Closing date', 'Job description'].map((label) => field(root, label).name)).toEqual([
      'title',
      'company',
      'location',
      'employment_type',
      'closes_at',
      'description',
    ]);
    expect(field(root, 'Attachment').type).toBe('file');
    expect(signedOutFormOf(root)).toEqual({
      disabled: true,
      submittable: false,
      signIn: 'Sign into post a job, so that applications reach you. New here? Create an account',
      returnsTo: '/form/job-post',
    });
  });

  it('keeps that markup for a signed-out visitor once hydrated, without a mismatch', async () => {
    t.island = await hydrateServerMarkup('job-post-form', JobPostForm, PROPS);
    expect(t.island.errors).toEqual([]);
    expect(signedOutFormOf(t.island.element)).toMatchObject({ disabled: true, submittable: false, returnsTo: '/form/job-post' });
  });

  it('hydrates for a member into the fields of a job post, the choices in words', async () => {
    signIn();
    t.island = await hydrateServerMarkup('job-post-form', JobPostForm, PROPS);
    expect(t.island.errors).toEqual([]);
    const root = t.island.element;
    const options = (label: string) =>
      Array.from((field(root, label) as unknown as HTMLSelectElement).options).map((option) => [option.value, option.textContent]);
    expect(options('Employment type')).toEqual([
      ['', 'Choose…'],
      ['full_time', 'Full-time'],
      ['part_time', 'Part-time'],
      ['contract', 'Contract'],
      ['temporary', 'Temporary'],
    ]);
    expect(options('Paid')).toEqual([
      ['', 'Choose…'],
      ['year', 'A year'],
      ['hour', 'An hour'],
    ]);
    expect(field(root, 'Closing date').type).toBe('date');
    expect(field(root, 'Salary from (£)').required).toBe(false);
    expect(field(root, 'Attachment').required).toBe(false);
    expect(field(root, 'Attachment').accept).toBe('.pdf,.doc,.docx');
    expect(root.querySelector('form')?.noValidate).toBe(true);
    expect(signedOutFormOf(root)).toMatchObject({ disabled: false, submittable: true, signIn: '' });
  });

  it('posts the job as multipart with its attachment, shows the upload, then goes to the new job', async () => {
    signIn();
    t.island = await hydrateServerMarkup('job-post-form', JobPostForm, PROPS);
    const root = t.island.element;
    fill(root);
    chooseFile(field(root, 'Attachment'), pdf('pack.pdf'));

    const xhr = await submit(root);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/service/jobs/');
    const body = xhr.body as FormData;
    expect(Object.fromEntries(Array.from(body.entries()).map(([name, value]) => [name, typeof value === 'string' ? value : value.name]))).toEqual({
      title: 'Night care assistant',
      company: 'Pennine Care Partners',
      location: 'Leeds',
      postcode: 'ls6 1aa',
      employment_type: 'part_time',
      salary_min: '12.50',
      salary_max: '',
      salary_period: 'hour',
      closes_at: '2030-01-31',
      description: 'Three nights a week.',
      attachment: 'pack.pdf',
    });
    await act(async () => xhr.progress(3, 4));
    expect(root.querySelector('progress')?.getAttribute('value')).toBe('75');

    await answer(xhr, 201, JOB);
    expect(navigate).toHaveBeenCalledWith('/apply?id=57');
    expect(appStore.getState().alert).toBeNull();
    expect(t.island.errors).toEqual([]);
  });

  it('sends no attachment part when none is chosen', async () => {
    signIn();
    t.island = await hydrateServerMarkup('job-post-form', JobPostForm, PROPS);
    fill(t.island.element);
    const xhr = await submit(t.island.element);
    expect((xhr.body as FormData).has('attachment')).toBe(false);
  });

  it('alerts exactly "Failed to post job" and shows the server messages beside their fields, staying here', async () => {
    signIn();
    t.island = await hydrateServerMarkup('job-post-form', JobPostForm, PROPS);
    const root = t.island.element;
    fill(root);
    field(root, 'Closing date').value = '2020-01-01';

    await answer(await submit(root), 400, {
      error: true,
      message: 'Check the highlighted fields.',
      closes_at: ['Choose today or a later date.'],
      employment_type: ['This field is required.'],
    });
    expect(appStore.getState().alert).toMatchObject({ message: 'Failed to post job', type: 'error' });
    expect(errorOf(field(root, 'Closing date'))).toBe('Choose today or a later date.');
    expect(errorOf(field(root, 'Employment type'))).toBe('This field is required.');
    expect(field(root, 'Employment type').getAttribute('aria-invalid')).toBe('true');
    expect(navigate).not.toHaveBeenCalled();
    expect(field(root, 'Job title').value).toBe(' Night care assistant ');
  });

  it('says why above the button when the refusal names no field (too many posts)', async () => {
    signIn();
    t.island = await hydrateServerMarkup('job-post-form', JobPostForm, PROPS);
    const root = t.island.element;
    await answer(await submit(root), 429, { error: true, message: 'Too many job posts. Try again in an hour.' });
    expect(appStore.getState().alert?.message).toBe('Failed to post job');
    expect(root.querySelector('[aria-live="assertive"]')?.textContent).toBe('Too many job posts. Try again in an hour.');
  });
});
