import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { errorOf, field, fillAndSubmit, settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { appStore } from '../../lib/store/index.ts';
import ContactForm from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const PROPS = { action: '/contact' };
const NAMES = ['full_name', 'email', 'phone_number', 'subject', 'body'];
const LABELS = ['Your name', 'Email address', 'Phone number', 'Subject', 'Message'];
const VALUES = {
  'Your name': '  Ann Lee ',
  'Email address': ' ann@example.co.uk ',
  'Phone number': ' 0113 496 0000 ',
  Subject: ' Invoices ',
  Message: '  Where is my invoice for March?\n ',
};
const SENT = 'Thank you: your message is with our team, who aim to reply within one working day. We have emailed you a confirmation.';

/** What the server posts back into the props after a refused post without JavaScript. */
const POSTED_VALUES = {
  full_name: 'Ann Lee',
  email: 'ann@',
  phone_number: '12345',
  subject: 'Invoices',
  body: '',
};
const POSTED_ERRORS = {
  email: ['Enter a valid email address.', 'A second message that is not shown.'],
  phone_number: ['Enter a valid UK phone number.'],
  body: ['This field is required.'],
};
const REFUSED = { ...PROPS, sent: null, errors: POSTED_ERRORS, values: POSTED_VALUES };

const hosts: HTMLElement[] = [];

/** The server's markup in a document, as a browser without JavaScript has it. */
function serverForm(props: Record<string, unknown> = PROPS): HTMLFormElement {
  const host = document.createElement('div');
  host.innerHTML = loadServerBundle()('contact-form', JSON.stringify(props), 'contact-form-0-');
  // In the document, so that aria-describedby finds the messages.
  document.body.append(host);
  hosts.push(host);
  const form = host.querySelector('form');
  if (form === null) throw new Error('no server form');
  return form;
}

/** The names of the inputs marked invalid, in the form's order. */
const invalidNames = (root: ParentNode): string[] =>
  Array.from(root.querySelectorAll('[aria-invalid="true"]'), (input) => (input as HTMLInputElement).name);

const valuesOf = (root: ParentNode): Record<string, string> => Object.fromEntries(LABELS.map((label) => [label, field(root, label).value]));

describe('contact-form', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
  });

  afterEach(() => {
    localStorage.clear();
    for (const host of hosts.splice(0)) host.remove();
  });

  describe('without JavaScript', () => {
    it('is a whole form in the server markup: the five labelled fields, posting to its action with the API field names', () => {
      const form = serverForm();
      expect(form.getAttribute('method')).toBe('post');
      expect(form.getAttribute('action')).toBe('/contact');
      expect(form.noValidate).toBe(true);
      expect(Array.from(form.elements).flatMap((element) => ((element as HTMLInputElement).name ? [(element as HTMLInputElement).name] : []))).toEqual(NAMES);
      expect(LABELS.map((label) => field(form, label).name)).toEqual(NAMES);
      expect(LABELS.map((label) => field(form, label).getAttribute('autocomplete'))).toEqual(['name', 'email', 'tel', null, null]);
      expect(LABELS.map((label) => field(form, label).getAttribute('type'))).toEqual(['text', 'email', 'tel', 'text', null]);
      expect(field(form, 'Message').tagName).toBe('TEXTAREA');
      expect(field(form, 'Message').getAttribute('rows')).toBe('6');
      // Only the phone number may be left out, and it says why one would give it.
      expect(LABELS.map((label) => field(form, label).required)).toEqual([true, true, false, true, true]);
      const phone = field(form, 'Phone number');
      expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe(
        'Optional: a UK number if you would like us to call you back.',
      );
      // Email and phone side by side.
      const row = form.querySelector('.form-row');
      expect(Array.from(row!.querySelectorAll('input'), (input) => input.name)).toEqual(['email', 'phone_number']);
      expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Send message');
      expect(form.querySelector('[aria-live="polite"]')?.textContent).toBe('');
      expect(form.querySelector('[aria-invalid]')).toBeNull();
    });

    it('posts to the page it is on when the action is not a path of this site', () => {
      expect(serverForm({}).hasAttribute('action')).toBe(false);
      expect(serverForm({ action: '//elsewhere.example/' }).hasAttribute('action')).toBe(false);
    });

    it('shows the confirmation above an empty form once the message is sent', () => {
      const form = serverForm({ ...PROPS, sent: SENT, errors: {}, values: {} });
      expect(form.querySelector('[aria-live="polite"]')?.innerHTML).toBe(`<p class="notice">${SENT}</p>`);
      for (const label of LABELS) expect(field(form, label).value, label).toBe('');
      expect(form.querySelector('[aria-invalid]')).toBeNull();
      expect(form.querySelector('[aria-live="assertive"]')?.textContent).toBe('');
      // A confirmation wins over anything else posted back: the message is in.
      const sent = serverForm({ ...REFUSED, sent: SENT });
      expect(sent.querySelector('[aria-live="polite"]')?.textContent).toBe(SENT);
      expect(sent.querySelector('[aria-invalid]')).toBeNull();
      expect(field(sent, 'Your name').value).toBe('');
    });

    it('shows each field\'s first message beside it, the Message field\'s too, and fills the form with what was posted', () => {
      const form = serverForm(REFUSED);
      expect(form.querySelector('[aria-live="polite"]')?.textContent).toBe('');
      expect(errorOf(field(form, 'Email address'))).toBe('Enter a valid email address.');
      expect(errorOf(field(form, 'Phone number'))).toBe('Enter a valid UK phone number.');
      expect(errorOf(field(form, 'Message'))).toBe('This field is required.');
      expect(invalidNames(form)).toEqual(['email', 'phone_number', 'body']);
      expect(form.querySelectorAll('.isl-field-error')).toHaveLength(3);
      expect(errorOf(field(form, 'Your name'))).toBeNull();
      expect(form.textContent).not.toContain('A second message');
      // The fields carry the reasons: nothing above the button.
      expect(form.querySelector('[aria-live="assertive"]')?.textContent).toBe('');
      expect(valuesOf(form)).toEqual({
        'Your name': 'Ann Lee',
        'Email address': 'ann@',
        'Phone number': '12345',
        Subject: 'Invoices',
        Message: '',
      });
    });

    it('says why above the button when the reason belongs to no field, keeping what was typed', () => {
      const form = serverForm({ ...PROPS, errors: { non_field_errors: ['Too many messages. Try again later.'] }, values: POSTED_VALUES });
      expect(form.querySelector('[aria-live="assertive"]')?.innerHTML).toBe('<p class="isl-field-error">Too many messages. Try again later.</p>');
      expect(form.querySelector('[aria-invalid]')).toBeNull();
      expect(field(form, 'Subject').value).toBe('Invoices');
      // `message` is the form's sentence, a list or text, and never the Message field's.
      for (const message of [['Too many requests. Try again later.'], 'Too many requests. Try again later.']) {
        const refused = serverForm({ ...PROPS, errors: { error: true, message }, values: POSTED_VALUES });
        expect(refused.querySelector('[aria-live="assertive"]')?.textContent).toBe('Too many requests. Try again later.');
        expect(refused.querySelector('[aria-invalid]')).toBeNull();
        expect(errorOf(field(refused, 'Message'))).toBeNull();
      }
    });

    it('shows a `body` message beside the Message field, not the form\'s sentence that comes with it', () => {
      const form = serverForm({
        ...PROPS,
        errors: { error: true, message: 'Check the highlighted fields.', body: ['Write your message.'] },
        values: POSTED_VALUES,
      });
      expect(errorOf(field(form, 'Message'))).toBe('Write your message.');
      expect(invalidNames(form)).toEqual(['body']);
      expect(form.querySelector('[aria-live="assertive"]')?.textContent).toBe('');
      expect(form.textContent).not.toContain('Check the highlighted fields.');
    });
  });

  describe('with JavaScript', () => {
    it('hydrates the server form without a mismatch, and then sends it itself', async () => {
      t.island = await hydrateServerMarkup('contact-form', ContactForm, PROPS);
      expect(t.island.errors).toEqual([]);
      const form = t.island.element.querySelector('form')!;
      let submitted: Event | null = null;
      form.addEventListener('submit', (event) => (submitted = event));
      await fillAndSubmit(t.island.element, VALUES);
      expect(submitted!.defaultPrevented).toBe(true);
      expect(t.api.callsTo('POST /api/contact/')).toHaveLength(1);
    });

    it('sends the message as trimmed JSON under the loader, alerts "Message sent successfully", shows the answer and clears the form', async () => {
      t.island = await hydrateServerMarkup('contact-form', ContactForm, PROPS);
      const root = t.island.element;
      let reply: (value: { status: number; body: unknown }) => void = () => undefined;
      t.api.on('POST /api/contact/', () => new Promise((resolve) => (reply = resolve)));

      await fillAndSubmit(root, VALUES);
      expect(appStore.getState().loading).toBe(true);
      const calls = t.api.callsTo('POST /api/contact/');
      expect(calls).toHaveLength(1);
      expect(calls[0]?.headers['content-type']).toBe('application/json');
      expect(calls[0]?.body).toEqual({
        full_name: 'Ann Lee',
        email: 'ann@example.co.uk',
        phone_number: '0113 496 0000',
        subject: 'Invoices',
        body: 'Where is my invoice for March?',
      });

      await act(async () => reply({ status: 201, body: { id: 4, message: SENT } }));
      await settle();
      expect(appStore.getState().loading).toBe(false);
      expect(appStore.getState().alert).toMatchObject({ message: 'Message sent successfully', type: 'success' });
      expect(root.querySelector('[aria-live="polite"]')?.textContent).toBe(SENT);
      for (const label of LABELS) expect(field(root, label).value, label).toBe('');
    });

    it('sends an empty phone number as an empty string', async () => {
      t.island = await hydrateServerMarkup('contact-form', ContactForm, PROPS);
      t.api.on('POST /api/contact/', { status: 201, body: { id: 5, message: SENT } });
      await fillAndSubmit(t.island.element, { ...VALUES, 'Phone number': '  ' });
      await settle();
      expect(t.api.callsTo('POST /api/contact/')[0]?.body).toMatchObject({ phone_number: '' });
    });

    it('on a 400 alerts "Failed to send message" and shows the messages beside their fields, the Message field\'s too', async () => {
      t.island = await hydrateServerMarkup('contact-form', ContactForm, PROPS);
      const root = t.island.element;
      // The Message field's messages come under `body`, its API name.
      t.api.on('POST /api/contact/', {
        status: 400,
        body: {
          error: true,
          message: 'Check the highlighted fields.',
          full_name: ['This field is required.'],
          phone_number: ['Enter a valid UK phone number.'],
          body: ['This field is required.'],
        },
      });

      await fillAndSubmit(root, { ...VALUES, 'Your name': ' ', 'Phone number': '12345', Message: '' });
      await settle();

      const body = t.api.callsTo('POST /api/contact/')[0]?.body as Record<string, unknown>;
      expect(body.full_name).toBe('');
      expect(body.body).toBe('');
      expect(body).not.toHaveProperty('message');
      expect(appStore.getState().alert).toMatchObject({ message: 'Failed to send message', type: 'error' });
      expect(errorOf(field(root, 'Your name'))).toBe('This field is required.');
      expect(errorOf(field(root, 'Phone number'))).toBe('Enter a valid UK phone number.');
      expect(errorOf(field(root, 'Message'))).toBe('This field is required.');
      expect(errorOf(field(root, 'Email address'))).toBeNull();
      expect(invalidNames(root)).toEqual(['full_name', 'phone_number', 'body']);
      expect(document.activeElement).toBe(field(root, 'Your name'));
      // The fields carry the reasons: nothing above the button (not the sentence either), and what was typed stays.
      expect(root.querySelector('[aria-live="assertive"]')?.textContent).toBe('');
      expect(root.textContent).not.toContain('Check the highlighted fields.');
      expect(root.querySelector('[aria-live="polite"]')?.textContent).toBe('');
      expect(field(root, 'Subject').value).toBe(' Invoices ');
      expect(appStore.getState().loading).toBe(false);
    });

    it('on a 400 with the sentence alone, or a 429, says why above the button', async () => {
      t.island = await hydrateServerMarkup('contact-form', ContactForm, PROPS);
      const root = t.island.element;
      t.api.on(
        'POST /api/contact/',
        { status: 400, body: { error: true, message: 'The body is not valid JSON.' } },
        { status: 429, body: { error: true, message: 'Too many requests. Try again later.' } },
      );
      await fillAndSubmit(root, VALUES);
      await settle();
      expect(root.querySelector('[aria-live="assertive"]')?.textContent).toBe('The body is not valid JSON.');
      expect(root.querySelector('[aria-invalid]')).toBeNull();
      expect(errorOf(field(root, 'Message'))).toBeNull();

      await fillAndSubmit(root, {});
      await settle();
      expect(appStore.getState().alert).toMatchObject({ message: 'Failed to send message', type: 'error' });
      expect(root.querySelector('[aria-live="assertive"]')?.textContent).toBe('Too many requests. Try again later.');
      expect(root.querySelector('[aria-invalid]')).toBeNull();
      expect(field(root, 'Your name').value).toBe(VALUES['Your name']);
    });

    it('hydrates the server\'s outcome without a mismatch: the messages beside their fields and what was typed', async () => {
      t.island = await hydrateServerMarkup('contact-form', ContactForm, REFUSED);
      expect(t.island.errors).toEqual([]);
      const root = t.island.element;
      expect(invalidNames(root)).toEqual(['email', 'phone_number', 'body']);
      expect(field(root, 'Email address').value).toBe('ann@');

      // Editing a field in error clears its message.
      const message = field(root, 'Message');
      message.value = 'Where is my invoice?';
      await act(async () => message.dispatchEvent(new Event('input', { bubbles: true })));
      expect(errorOf(field(root, 'Message'))).toBeNull();
      expect(errorOf(field(root, 'Email address'))).toBe('Enter a valid email address.');
    });

    it('hydrates the form\'s own reason without a mismatch, then replaces it with the next refusal\'s field messages', async () => {
      t.island = await hydrateServerMarkup('contact-form', ContactForm, {
        ...PROPS,
        errors: { non_field_errors: ['Too many messages. Try again later.'] },
        values: POSTED_VALUES,
      });
      expect(t.island.errors).toEqual([]);
      const root = t.island.element;
      expect(root.querySelector('[aria-live="assertive"]')?.textContent).toBe('Too many messages. Try again later.');
      expect(root.querySelector('[aria-invalid]')).toBeNull();
      t.api.on('POST /api/contact/', { status: 400, body: { error: true, message: 'Check the highlighted fields.', body: ['Write your message.'] } });
      await fillAndSubmit(root, { 'Email address': 'ann@example.co.uk', Message: ' ' });
      await settle();
      expect(errorOf(field(root, 'Message'))).toBe('Write your message.');
      expect(invalidNames(root)).toEqual(['body']);
      expect(root.querySelector('[aria-live="assertive"]')?.textContent).toBe('');
    });

    it('hydrates the confirmation without a mismatch, then shows the next refusal in its place', async () => {
      t.island = await hydrateServerMarkup('contact-form', ContactForm, { ...PROPS, sent: SENT, errors: {}, values: {} });
      expect(t.island.errors).toEqual([]);
      const root = t.island.element;
      expect(root.querySelector('[aria-live="polite"]')?.textContent).toBe(SENT);
      t.api.on('POST /api/contact/', { status: 429, body: { error: true, message: 'Too many requests. Try again later.' } });
      await fillAndSubmit(root, VALUES);
      await settle();
      expect(root.querySelector('[aria-live="polite"]')?.textContent).toBe('');
      expect(root.querySelector('[aria-live="assertive"]')?.textContent).toBe('Too many requests. Try again later.');
    });

    it('replaces the posted outcome with the answer to the next submit, above a form emptied of what was posted too', async () => {
      t.island = await hydrateServerMarkup('contact-form', ContactForm, REFUSED);
      const root = t.island.element;
      t.api.on('POST /api/contact/', { status: 201, body: { id: 6, message: SENT } });
      await fillAndSubmit(root, { 'Email address': 'ann@example.co.uk', 'Phone number': '', Message: 'Where is my invoice?' });
      await settle();
      expect(t.api.callsTo('POST /api/contact/')[0]?.body).toEqual({
        full_name: 'Ann Lee',
        email: 'ann@example.co.uk',
        phone_number: '',
        subject: 'Invoices',
        body: 'Where is my invoice?',
      });
      expect(root.querySelector('[aria-live="polite"]')?.textContent).toBe(SENT);
      expect(root.querySelector('[aria-invalid]')).toBeNull();
      for (const label of LABELS) expect(field(root, label).value, label).toBe('');
      // And stays empty: the posted values are no longer what a reset restores.
      act(() => root.querySelector('form')!.reset());
      for (const label of LABELS) expect(field(root, label).value, label).toBe('');
    });
  });
});
