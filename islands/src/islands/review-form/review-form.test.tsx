import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { serverMarkup, signedOutFormOf } from '../../../test/server-markup.ts';
import { signIn } from '../../lib/member-services/testing.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { appStore } from '../../lib/store/index.ts';
import ReviewForm from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const PROPS = { service: 3 };

function typeInto(element: HTMLTextAreaElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  setter?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

const textarea = (root: HTMLElement) => root.querySelector<HTMLTextAreaElement>('textarea[name="review"]')!;
const radios = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLInputElement>('input[type="radio"][name="rating"]'));
const labelOf = (root: HTMLElement, input: HTMLInputElement) => root.querySelector(`label[for="${input.id}"]`)?.textContent;

async function submit(root: HTMLElement): Promise<void> {
  await act(async () => {
    root.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
  });
  await settle();
}

describe('review-form', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
    vi.mocked(navigate).mockClear();
    t.api.on('GET /api/auth/profile/', () => new Promise(() => undefined));
  });

  afterEach(() => {
    localStorage.clear();
  });

  it('renders on the server the form a visitor sees: the fields disabled and, for its button, a way to sign in and come back', () => {
    const root = serverMarkup('review-form', PROPS);
    const form = root.querySelector('form')!;
    // Nothing a browser without JavaScript could post: no action, no method, and the member's button hidden and disabled.
    expect(form.hasAttribute('action')).toBe(false);
    expect(form.hasAttribute('method')).toBe(false);
    expect(signedOutFormOf(root).submittable).toBe(false);
    expect(root.querySelector<HTMLButtonElement>('button[type="submit"][data-for="member"]')).toMatchObject({ hidden: true, disabled: true });
    expect(radios(root).map((star) => star.value)).toEqual(['1', '2', '3', '4', '5']);
    expect(root.querySelector(`label[for="${textarea(root).id}"]`)?.textContent).toBe('Your review');
    expect(root.querySelector<HTMLFieldSetElement>('fieldset.isl-member-fields')?.disabled).toBe(true);
    expect(signedOutFormOf(root)).toMatchObject({ signIn: 'Sign into leave a review of this service. New here? Create an account', returnsTo: '/services/details?id=3' });
    expect(root.querySelector('.isl-sign-in-row a[href="/user/register"]')).not.toBeNull();
  });

  it('hydrates for a signed-out visitor on that markup without a mismatch, and keeps it', async () => {
    t.island = await hydrateServerMarkup('review-form', ReviewForm, PROPS);
    expect(t.island.errors).toEqual([]);
    expect(signedOutFormOf(t.island.element)).toMatchObject({ disabled: true, submittable: false, returnsTo: '/services/details?id=3' });
    expect(t.island.element.querySelector<HTMLFieldSetElement>('fieldset.isl-member-fields')?.disabled).toBe(true);
  });

  it('renders nothing without a service id', () => {
    expect(loadServerBundle()('review-form', '{}', 'review-form-0-')).toBe('');
    expect(loadServerBundle()('review-form', '{"service":"3"}', 'review-form-0-')).toBe('');
  });

  it('hydrates for a member into a form: a labelled group of five star radios and the review text', async () => {
    signIn();
    t.island = await hydrateServerMarkup('review-form', ReviewForm, PROPS);
    expect(t.island.errors).toEqual([]);
    const root = t.island.element;
    const form = root.querySelector('form');
    expect(form).not.toBeNull();
    expect(form?.hasAttribute('action')).toBe(false);
    expect(form?.hasAttribute('method')).toBe(false);
    // Required for assistive technology; the spec's alert, not the browser's, says what is missing.
    expect(form?.noValidate).toBe(true);
    expect(textarea(root).required).toBe(true);
    expect(root.querySelector<HTMLFieldSetElement>('fieldset.isl-member-fields')?.disabled).toBe(false);
    expect(signedOutFormOf(root)).toMatchObject({ submittable: true, signIn: '' });
    const group = root.querySelector('fieldset.isl-rating');
    expect(group?.querySelector('legend')?.textContent).toBe('Your rating');
    const stars = radios(root);
    expect(stars.map((star) => star.value)).toEqual(['1', '2', '3', '4', '5']);
    expect(stars.map((star) => labelOf(root, star))).toEqual(['★1 star', '★2 stars', '★3 stars', '★4 stars', '★5 stars']);
    // Native radios: reachable with Tab, chosen with the arrow keys.
    expect(stars.every((star) => star.tabIndex === 0 && !star.disabled && star.required)).toBe(true);
    expect(root.querySelector(`label[for="${textarea(root).id}"]`)?.textContent).toBe('Your review');
  });

  it('sends nothing and alerts exactly "Rating & review are required" when the rating or the text is missing', async () => {
    signIn();
    t.island = await hydrateServerMarkup('review-form', ReviewForm, PROPS);
    const root = t.island.element;

    await submit(root);
    expect(appStore.getState().alert).toMatchObject({ message: 'Rating & review are required', type: 'error' });

    appStore.setState({ alert: null });
    act(() => radios(root)[3]!.click());
    await submit(root);
    expect(appStore.getState().alert?.message).toBe('Rating & review are required');

    appStore.setState({ alert: null });
    act(() => typeInto(textarea(root), '   '));
    await submit(root);
    expect(appStore.getState().alert?.message).toBe('Rating & review are required');

    expect(t.api.calls.filter((call) => call.path !== '/api/auth/profile/')).toEqual([]);
    expect(t.api.callsTo('POST /api/reviews/')).toHaveLength(0);
  });

  it('posts {service, rating, review}, alerts exactly "Review Submitted successfully" and resets the form', async () => {
    signIn();
    t.island = await hydrateServerMarkup('review-form', ReviewForm, PROPS);
    const root = t.island.element;
    t.api.on('POST /api/reviews/', {
      status: 201,
      body: { id: 1, service: 3, user_name: 'Anna S.', rating: 4, review: 'Spotless flat.', created_at: '2026-11-02T09:00:00Z' },
    });

    act(() => radios(root)[3]!.click());
    expect(root.textContent).toContain('You chose 4 stars out of 5.');
    act(() => typeInto(textarea(root), 'Spotless flat.'));
    await submit(root);

    expect(t.api.callsTo('POST /api/reviews/').map((call) => call.body)).toEqual([{ service: 3, rating: 4, review: 'Spotless flat.' }]);
    expect(appStore.getState().alert).toMatchObject({ message: 'Review Submitted successfully', type: 'success' });
    expect(radios(root).some((star) => star.checked)).toBe(false);
    expect(textarea(root).value).toBe('');
    expect(t.island.errors).toEqual([]);
  });

  it('alerts exactly "Failed to Submit Review" when the API refuses, keeping what was written', async () => {
    signIn();
    t.island = await hydrateServerMarkup('review-form', ReviewForm, PROPS);
    const root = t.island.element;
    t.api.on('POST /api/reviews/', { status: 400, body: { error: true, message: 'You have already reviewed this service.' } });

    act(() => radios(root)[0]!.click());
    act(() => typeInto(textarea(root), 'Late.'));
    await submit(root);

    expect(t.api.callsTo('POST /api/reviews/')).toHaveLength(1);
    expect(appStore.getState().alert).toMatchObject({ message: 'Failed to Submit Review', type: 'error' });
    expect(radios(root)[0]!.checked).toBe(true);
    expect(textarea(root).value).toBe('Late.');
  });
});
