import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { errorOf, field, fillAndSubmit, settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { appStore } from '../../lib/store/index.ts';
import RecruitmentForm from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

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

/** What the server posts back into the props after a refused post without JavaScript. */
const POSTED_VALUES = {
  company_name: 'Pennine Care Partners',
  contact_name: 'Sam Patel',
  email: 'sam@pennine',
  phone_number: '0113 496 0000',
  role: 'Care assistant',
  number_of_staff: '',
  location: 'Leeds LS1',
  start_date: '2020-01-01',
  details: 'Nights, 3 a week.\r\nDBS check needed.',
};
const POSTED_ERRORS = {
  email: ['Enter a valid email address.', 'A second message that is not shown.'],
  number_of_staff: ['This field is required.'],
  start_date: ['Choose today or a later date.'],
};
const REFUSED = { ...PROPS, sent: null, errors: POSTED_ERRORS, values: POSTED_VALUES };

const hosts: HTMLElement[] = [];

/** The server's markup in a document, as a browser without JavaScript has it. */
function serverForm(props: Record<string, unknown> = PROPS): HTMLFormElement {
  const host = document.createElement('div');
  host.innerHTML = loadServerBundle()('recruitment-form', JSON.stringify(props), 'recruitment-form-0-');
  // In the document, so that aria-describedby finds the messages.
  document.body.append(host);
  hosts.push(host);
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
    for (const host of hosts.splice(0)) host.remove();
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

  describe('the page rendered again after a post without JavaScript', () => {
    /** The value of each field, by label. */
    const valuesOf = (root: ParentNode) => Object.fromEntries(Object.keys(VALUES).map((label) => [label, field(root, label).value]));
    const REFILLED = {
      'Company name': 'Pennine Care Partners',
      'Your name': 'Sam Patel',
      'Email address': 'sam@pennine',
      'Phone number': '0113 496 0000',
      Role: 'Care assistant',
      'Number of staff': '',
      'Start date': '2020-01-01',
      Location: 'Leeds LS1',
      // A browser posts a textarea's lines with CRLF; the page shows them as lines.
      Details: 'Nights, 3 a week.\nDBS check needed.',
    };

    it('shows the confirmation where the JavaScript path shows the team\'s answer, above an empty form', () => {
      const form = serverForm({ ...PROPS, sent: SENT, errors: {}, values: {} });
      expect(form.querySelector('[aria-live="polite"]')?.innerHTML).toBe(`<p class="notice">${SENT}</p>`);
      for (const label of Object.keys(VALUES)) expect(field(form, label).value, label).toBe('');
      expect(form.querySelector('[aria-invalid]')).toBeNull();
      expect(form.querySelector('[aria-live="assertive"]')?.textContent).toBe('');
    });

    it('shows each field\'s first message beside it, as the JavaScript path does, and fills the form with what was posted', () => {
      const form = serverForm(REFUSED);
      expect(form.querySelector('[aria-live="polite"]')?.textContent).toBe('');
      expect(errorOf(field(form, 'Email address'))).toBe('Enter a valid email address.');
      expect(errorOf(field(form, 'Number of staff'))).toBe('This field is required.');
      expect(errorOf(field(form, 'Start date'))).toBe('Choose today or a later date.');
      expect(Array.from(form.querySelectorAll('[aria-invalid="true"]'), (input) => (input as HTMLInputElement).name)).toEqual([
        'email',
        'number_of_staff',
        'start_date',
      ]);
      expect(form.querySelectorAll('.isl-field-error')).toHaveLength(3);
      expect(errorOf(field(form, 'Company name'))).toBeNull();
      expect(field(form, 'Role').getAttribute('aria-describedby')).toMatch(/-hint$/);
      expect(form.textContent).not.toContain('A second message');
      // The fields carry the reasons: nothing above the button.
      expect(form.querySelector('[aria-live="assertive"]')?.textContent).toBe('');
      expect(valuesOf(form)).toEqual(REFILLED);
    });

    it('says why above the button when no field carries the reason (too many requests), keeping what was typed', () => {
      const form = serverForm({ ...PROPS, errors: { message: ['Too many requests. Try again later.'] }, values: POSTED_VALUES });
      expect(form.querySelector('[aria-live="assertive"]')?.innerHTML).toBe('<p class="isl-field-error">Too many requests. Try again later.</p>');
      expect(form.querySelector('[aria-invalid]')).toBeNull();
      expect(field(form, 'Company name').value).toBe('Pennine Care Partners');
      // Any other key that is no field is the form's too.
      const other = serverForm({ ...PROPS, errors: { error: true, non_field_errors: ['The team cannot take requests today.'] } });
      expect(other.querySelector('[aria-live="assertive"]')?.textContent).toBe('The team cannot take requests today.');
    });

    it('ignores what it cannot read: a blank confirmation, messages or values of another shape, unknown fields', () => {
      for (const props of [
        { ...PROPS, sent: '  ', errors: [], values: [] },
        { ...PROPS, sent: 42, errors: 'Enter a valid email address.', values: 'company_name=Pennine' },
        { ...PROPS, errors: { email: [42], role: [], location: {}, details: [' '] }, values: { email: 42, role: null, nickname: 'Sam' } },
      ]) {
        const form = serverForm(props);
        expect(form.querySelector('[aria-live="polite"]')?.textContent).toBe('');
        expect(form.querySelector('[aria-live="assertive"]')?.textContent).toBe('');
        expect(form.querySelector('[aria-invalid]')).toBeNull();
        expect(form.querySelector('[name="nickname"]')).toBeNull();
        for (const label of Object.keys(VALUES)) expect(field(form, label).value, label).toBe('');
      }
      // A confirmation wins: the request is in, the form is empty.
      const sent = serverForm({ ...REFUSED, sent: SENT });
      expect(sent.querySelector('[aria-live="polite"]')?.textContent).toBe(SENT);
      expect(sent.querySelector('[aria-invalid]')).toBeNull();
      expect(field(sent, 'Company name').value).toBe('');
    });

    it('hydrates without a mismatch and keeps the confirmation', async () => {
      t.island = await hydrateServerMarkup('recruitment-form', RecruitmentForm, { ...PROPS, sent: SENT, errors: {}, values: {} });
      expect(t.island.errors).toEqual([]);
      expect(t.island.element.querySelector('[aria-live="polite"]')?.textContent).toBe(SENT);
      for (const label of Object.keys(VALUES)) expect(field(t.island.element, label).value, label).toBe('');
    });

    it('hydrates without a mismatch and keeps the messages beside their fields and what was typed', async () => {
      t.island = await hydrateServerMarkup('recruitment-form', RecruitmentForm, REFUSED);
      expect(t.island.errors).toEqual([]);
      const root = t.island.element;
      expect(errorOf(field(root, 'Email address'))).toBe('Enter a valid email address.');
      expect(errorOf(field(root, 'Number of staff'))).toBe('This field is required.');
      expect(errorOf(field(root, 'Start date'))).toBe('Choose today or a later date.');
      expect(valuesOf(root)).toEqual(REFILLED);

      // Editing a field in error clears its message, as after a JavaScript submit.
      const email = field(root, 'Email address');
      email.value = 'sam@pennine.example';
      await act(async () => email.dispatchEvent(new Event('input', { bubbles: true })));
      expect(errorOf(field(root, 'Email address'))).toBeNull();
      expect(errorOf(field(root, 'Start date'))).toBe('Choose today or a later date.');
    });

    it('hydrates the form-level message without a mismatch', async () => {
      t.island = await hydrateServerMarkup('recruitment-form', RecruitmentForm, {
        ...PROPS,
        errors: { message: ['Too many requests. Try again later.'] },
        values: POSTED_VALUES,
      });
      expect(t.island.errors).toEqual([]);
      expect(t.island.element.querySelector('[aria-live="assertive"]')?.textContent).toBe('Too many requests. Try again later.');
    });

    it('replaces them with the outcome of the next submit: new messages only', async () => {
      t.island = await hydrateServerMarkup('recruitment-form', RecruitmentForm, {
        ...REFUSED,
        errors: { ...POSTED_ERRORS, message: ['Check the highlighted fields.'] },
      });
      const root = t.island.element;
      t.api.on('POST /api/send-recruitment/', { status: 400, body: { error: true, message: 'Check the highlighted fields.', role: ['Say which role.'] } });
      await fillAndSubmit(root, { 'Email address': 'sam@pennine.example', 'Number of staff': '4', 'Start date': '2030-01-15', Role: '' });
      await settle();
      expect(t.api.callsTo('POST /api/send-recruitment/')[0]?.body).toMatchObject({ company_name: 'Pennine Care Partners', details: 'Nights, 3 a week.\nDBS check needed.' });
      expect(Array.from(root.querySelectorAll('[aria-invalid="true"]'), (input) => (input as HTMLInputElement).name)).toEqual(['role']);
      expect(errorOf(field(root, 'Role'))).toBe('Say which role.');
      expect(root.querySelector('[aria-live="assertive"]')?.textContent).toBe('');
      expect(field(root, 'Company name').value).toBe('Pennine Care Partners');
    });

    it('replaces them with the outcome of the next submit: the team\'s answer above a form emptied of what was posted too', async () => {
      t.island = await hydrateServerMarkup('recruitment-form', RecruitmentForm, REFUSED);
      const root = t.island.element;
      t.api.on('POST /api/send-recruitment/', { status: 201, body: { id: 9, message: SENT } });
      await fillAndSubmit(root, { 'Email address': 'sam@pennine.example', 'Number of staff': '4', 'Start date': '2030-01-15' });
      await settle();
      expect(root.querySelector('[aria-live="polite"]')?.textContent).toBe(SENT);
      expect(root.querySelector('[aria-invalid]')).toBeNull();
      for (const label of Object.keys(VALUES)) expect(field(root, label).value, label).toBe('');
      // And stays empty: the posted values are no longer what a reset restores.
      act(() => root.querySelector('form')!.reset());
      for (const label of Object.keys(VALUES)) expect(field(root, label).value, label).toBe('');
    });

    it('starts from the confirmation, then shows the next refusal in its place', async () => {
      t.island = await hydrateServerMarkup('recruitment-form', RecruitmentForm, { ...PROPS, sent: SENT });
      const root = t.island.element;
      t.api.on('POST /api/send-recruitment/', { status: 429, body: { error: true, message: 'Too many requests. Try again later.' } });
      await fillAndSubmit(root, VALUES);
      await settle();
      expect(root.querySelector('[aria-live="polite"]')?.textContent).toBe('');
      expect(root.querySelector('[aria-live="assertive"]')?.textContent).toBe('Too many requests. Try again later.');
    });
  });
});
