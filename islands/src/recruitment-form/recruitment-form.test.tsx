import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../test/account-form.ts';
import { errorOf, field, fillAndSubmit, settle } from '../../test/forms.ts';
import { hydrateServerMarkup } from '../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../test/server-bundle.ts';
import { appStore } from '../store/index.ts';
import RecruitmentForm from './index.tsx';

vi.mock('../navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const PROPS = { action: '/recruitment-post' };
const NAMES = ['company_name', 'contact_name', 'email', 'phone_number', 'role', 'number_of_staff', 'start_date', 'location', 'details'];
const VALUES = {
  'Company name': ' Pennine Care Partners ',
  'Your name': 'Sam Patel',
  'Email address': 'sam@pennine.example',
  'Phone number': '0113 496 0000',
  Role: 'Care assistant',
  'Number of staff': '4',
  'Start date': '2030-01-15',
  Location: 'Leeds LS1',
  Details: 'Nights, 3 a week.',
};
const SENT = 'Thank you: your recruitment request is with our team, who will contact you within one working day. We have emailed you a copy.';

/** The server's markup in a document, as a browser without JavaScript has it. */
function serverForm(props: Record<string, unknown> = PROPS): HTMLFormElement {
  const host = document.createElement('div');
  host.innerHTML = loadServerBundle()('recruitment-form', JSON.stringify(props), 'recruitment-form-0-');
  const form = host.querySelector('form');
  if (form === null) throw new Error('no server form');
  return form;
}

describe('recruitment-form', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
  });

  afterEach(() => {
    localStorage.clear();
  });

  it('is a whole form in the server markup, posting to its page with the API field names, for browsers without JavaScript', () => {
    const form = serverForm();
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/recruitment-post');
    expect(Array.from(form.elements).flatMap((element) => ((element as HTMLInputElement).name ? [(element as HTMLInputElement).name] : []))).toEqual(NAMES);
    for (const element of Array.from(form.querySelectorAll('input, textarea'))) {
      expect(form.querySelector(`label[for="${element.id}"]`), (element as HTMLInputElement).name).not.toBeNull();
    }
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Send recruitment request');
    expect(field(form, 'Number of staff').type).toBe('number');
    expect(field(form, 'Start date').type).toBe('date');
    expect(field(form, 'Details').required).toBe(false);
  });

  it('posts to the page it is on when the action is not a path of this site', () => {
    expect(serverForm({}).hasAttribute('action')).toBe(false);
    expect(serverForm({ action: '//elsewhere.example/' }).hasAttribute('action')).toBe(false);
  });

  it('hydrates the server form without a mismatch, and then sends it itself', async () => {
    t.island = await hydrateServerMarkup('recruitment-form', RecruitmentForm, PROPS);
    expect(t.island.errors).toEqual([]);
    const form = t.island.element.querySelector('form')!;
    let submitted: Event | null = null;
    form.addEventListener('submit', (event) => (submitted = event));
    await fillAndSubmit(t.island.element, VALUES);
    expect(submitted!.defaultPrevented).toBe(true);
    expect(t.api.callsTo('POST /api/send-recruitment/')).toHaveLength(1);
  });

  it('sends the request as JSON under the loader, alerts "Recruitment sent successfully", shows the team\'s answer and clears the form', async () => {
    t.island = await hydrateServerMarkup('recruitment-form', RecruitmentForm, PROPS);
    const root = t.island.element;
    let reply: (value: { status: number; body: unknown }) => void = () => undefined;
    t.api.on('POST /api/send-recruitment/', () => new Promise((resolve) => (reply = resolve)));

    await fillAndSubmit(root, VALUES);
    expect(appStore.getState().loading).toBe(true);
    const calls = t.api.callsTo('POST /api/send-recruitment/');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({
      company_name: 'Pennine Care Partners',
      contact_name: 'Sam Patel',
      email: 'sam@pennine.example',
      phone_number: '0113 496 0000',
      role: 'Care assistant',
      number_of_staff: 4,
      location: 'Leeds LS1',
      start_date: '2030-01-15',
      details: 'Nights, 3 a week.',
    });

    await act(async () => reply({ status: 201, body: { id: 9, message: SENT } }));
    await settle();
    expect(appStore.getState().loading).toBe(false);
    expect(appStore.getState().alert).toMatchObject({ message: 'Recruitment sent successfully', type: 'success' });
    expect(root.querySelector('[aria-live="polite"]')?.textContent).toBe(SENT);
    for (const label of Object.keys(VALUES)) expect(field(root, label).value, label).toBe('');
  });

  it('sends an incomplete form too (only the server validates), alerts "Failed to send-recruitment" and shows the messages beside their fields', async () => {
    t.island = await hydrateServerMarkup('recruitment-form', RecruitmentForm, PROPS);
    const root = t.island.element;
    t.api.on('POST /api/send-recruitment/', {
      status: 400,
      body: {
        error: true,
        message: 'Check the highlighted fields.',
        company_name: ['This field may not be blank.'],
        number_of_staff: ['This field is required.'],
        start_date: ['Choose today or a later date.'],
      },
    });

    await fillAndSubmit(root, { ...VALUES, 'Company name': '', 'Number of staff': '', 'Start date': '2020-01-01' });
    await settle();

    const body = t.api.callsTo('POST /api/send-recruitment/')[0]?.body as Record<string, unknown>;
    expect(body.company_name).toBe('');
    expect(body.number_of_staff).toBeNull();
    expect(appStore.getState().alert).toMatchObject({ message: 'Failed to send-recruitment', type: 'error' });
    expect(errorOf(field(root, 'Company name'))).toBe('This field may not be blank.');
    expect(errorOf(field(root, 'Number of staff'))).toBe('This field is required.');
    expect(errorOf(field(root, 'Start date'))).toBe('Choose today or a later date.');
    expect(document.activeElement).toBe(field(root, 'Company name'));
    // What was typed stays, to be corrected.
    expect(field(root, 'Your name').value).toBe('Sam Patel');
    expect(appStore.getState().loading).toBe(false);
  });

  it('says why above the button when the refusal names no field (too many requests)', async () => {
    t.island = await hydrateServerMarkup('recruitment-form', RecruitmentForm, PROPS);
    t.api.on('POST /api/send-recruitment/', { status: 429, body: { error: true, message: 'Too many requests. Try again later.' } });
    await fillAndSubmit(t.island.element, VALUES);
    await settle();
    expect(appStore.getState().alert?.message).toBe('Failed to send-recruitment');
    expect(t.island.element.querySelector('[aria-live="assertive"]')?.textContent).toBe('Too many requests. Try again later.');
  });
});
