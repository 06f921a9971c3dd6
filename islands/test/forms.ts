import { act } from 'react';
import { flushPromises } from './fake-api.ts';

/** The input labelled `label` inside `root` (through its `for`). */
export function field(root: ParentNode, label: string): HTMLInputElement {
  const labels = Array.from(root.querySelectorAll('label'));
  const match = labels.find((element) => element.textContent?.replace(' (optional)', '').trim() === label);
  const input = match === undefined ? null : (root.querySelector(`[id="${match.htmlFor}"]`) as HTMLInputElement | null);
  if (input === null) throw new Error(`no field labelled "${label}"`);
  return input;
}

/** The message element an input's aria-describedby points at, other than its hint. */
export function errorOf(input: HTMLInputElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const element = ids.map((id) => document.getElementById(id)).find((node) => node?.classList.contains('isl-field-error'));
  return element?.textContent ?? null;
}

/** Types the values (by label) and submits the form with its submit button. */
export async function fillAndSubmit(root: HTMLElement, values: Record<string, string>, form?: HTMLFormElement): Promise<void> {
  const target = form ?? root.querySelector('form');
  if (target === null) throw new Error('no form');
  for (const [label, value] of Object.entries(values)) {
    const input = field(target, label);
    input.value = value;
  }
  const submit = target.querySelector<HTMLButtonElement>('button[type="submit"]');
  await act(async () => {
    submit?.click();
    await flushPromises();
  });
}

/** Lets pending fetches and effects settle inside act(). */
export async function settle(): Promise<void> {
  await act(async () => {
    await flushPromises();
  });
}
