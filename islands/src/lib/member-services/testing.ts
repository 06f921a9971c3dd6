// What the member marketplace islands' tests share (imported by tests only).
import { act } from 'react';
import { settle } from '../../../test/forms.ts';
import { storeSignedInSession } from '../../../test/signed-in-session.ts';
import { restoreServiceStore, restoreSession } from '../store/index.ts';

/** A signed-in session, restored as the runtime does on a page. */
export function signIn(): void {
  storeSignedInSession();
  restoreSession();
  restoreServiceStore();
}

/** One page of a list, as the API answers it. */
export const listOf = <Item>(results: Item[]) => ({ count: results.length, next: null, previous: null, results });

/** The button whose text starts with `text`. */
export function buttonNamed(root: ParentNode, text: string): HTMLButtonElement {
  const button = Array.from(root.querySelectorAll('button')).find((item) => item.textContent?.startsWith(text));
  if (button === undefined) throw new Error(`no button "${text}" in ${(root as HTMLElement).innerHTML ?? ''}`);
  return button;
}

/** Clicks and lets the calls it starts settle. */
export async function click(element: HTMLElement): Promise<void> {
  await act(async () => {
    element.click();
  });
  await settle();
}

/** Sets a textarea's or select's value as typing or choosing would (React sees it). */
export function setValue(element: HTMLTextAreaElement | HTMLSelectElement | HTMLInputElement, value: string): void {
  const prototype = Object.getPrototypeOf(element) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
  element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** A service as the API answers it (`ServiceView`), Open, in category `slug`. */
export const serviceView = (id: number, title: string, slug = 'cleaning') => ({
  id,
  slug: `service-${id}`,
  title,
  summary: '',
  description: '',
  price_from: '50.00',
  price_unit: 'fixed',
  status: 'Open',
  priority: id,
  areas: [],
  image: null,
  category: { id: 1, slug, name: 'Cleaning' },
  rating_average: null,
  rating_count: 0,
});

/** A member's provider application as the API answers it (`ProviderView`), Pending unless `extra` says. */
export const providerApplication = (id: number, serviceId: number, extra: Record<string, unknown> = {}) => ({
  id,
  service: serviceId,
  status: 'Pending',
  availability: true,
  bio: 'Ten years of cleaning.',
  experience_years: 10,
  created_at: '2026-11-20T10:00:00Z',
  ...extra,
});
