// The server's markup of an island in the document, as a browser without JavaScript has it: for
// the tests of forms that work (or must not be submitted) before hydration.
import { afterEach } from 'vitest';
import { loadServerBundle } from './server-bundle.ts';

const hosts: HTMLElement[] = [];

afterEach(() => {
  for (const host of hosts.splice(0)) host.remove();
});

/**
 * Renders `name` with the server bundle into a `<div>` appended to the document (so that
 * aria-describedby finds the messages); removed after the test.
 */
export function serverMarkup(name: string, props: Record<string, unknown> = {}): HTMLDivElement {
  const host = document.createElement('div');
  host.innerHTML = loadServerBundle()(name, JSON.stringify(props), `${name}-0-`);
  document.body.append(host);
  hosts.push(host);
  return host;
}

/** The names of the inputs marked invalid, in the document's order. */
export const invalidNames = (root: ParentNode): string[] =>
  Array.from(root.querySelectorAll('[aria-invalid="true"]'), (input) => (input as HTMLInputElement).name);

/** The form's reason above its button (FormReason), or null when there is none. */
export const formReasonElement = (root: ParentNode): HTMLElement | null => root.querySelector<HTMLElement>('p.isl-field-error[role="alert"]');

/** The text of the form's reason above its button, '' when none. */
export const formReasonOf = (root: ParentNode): string => formReasonElement(root)?.textContent ?? '';

/** Whether `first` comes before `second` in the document. */
export const isBefore = (first: Node, second: Node): boolean => (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

/** The submit button of `root`'s form. */
export function submitButtonOf(root: ParentNode): HTMLButtonElement {
  const button = root.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button === null) throw new Error('no submit button');
  return button;
}

/**
 * What a form only a member sends shows anyone else (MemberFields, MemberSubmit): whether its
 * fields are disabled, whether anything shown could submit it, what the shown sign-in row says
 * and where its "Sign in" comes back to. The other audience's parts are in the markup, hidden.
 */
export function signedOutFormOf(root: ParentNode): { disabled: boolean; submittable: boolean; signIn: string; returnsTo: string | null } {
  const row = root.querySelector('.isl-sign-in-row:not([hidden])');
  const login = row?.querySelector('a.button')?.getAttribute('href') ?? '';
  return {
    disabled: root.querySelector<HTMLFieldSetElement>('fieldset.isl-member-fields')?.disabled ?? false,
    submittable: root.querySelector('button[type="submit"]:not([hidden]):enabled, input[type="submit"]:not([hidden]):enabled') !== null,
    signIn: row?.textContent ?? '',
    returnsTo: login.startsWith('/user/login?') ? new URLSearchParams(login.split('?')[1]).get('redirect') : null,
  };
}
