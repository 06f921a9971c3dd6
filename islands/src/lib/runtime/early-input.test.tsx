import { act, useState, type FormEvent } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChunkReloadEnv } from './chunk-reload.ts';
import { holdEarlyInput } from './early-input.ts';
import { hydrateIsland } from './hydrate-island.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const sent: Record<string, string>[] = [];

/** A form with a controlled textarea and radios (state) and an uncontrolled input (read on submit). */
function ReviewLikeForm() {
  const [rating, setRating] = useState('');
  const [text, setText] = useState('');
  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const name = new FormData(event.currentTarget).get('name');
    sent.push({ rating, text, name: typeof name === 'string' ? name : '' });
  };
  return (
    <form onSubmit={onSubmit}>
      <input name="name" defaultValue="" />
      {['1', '2'].map((value) => (
        <input key={value} type="radio" name="rating" value={value} checked={rating === value} onChange={() => setRating(value)} />
      ))}
      <textarea name="text" value={text} onChange={(event) => setText(event.currentTarget.value)} />
      <button type="submit">Send</button>
    </form>
  );
}

const reloadEnv = (): ChunkReloadEnv => ({ storage: window.sessionStorage, path: '/', now: () => 0, reload: vi.fn() });

function serverRenderedIsland(): HTMLDivElement {
  const element = document.createElement('div');
  element.innerHTML = renderToString(<ReviewLikeForm />, { identifierPrefix: 'form-0-' });
  document.body.append(element);
  return element;
}

async function hydrate(element: HTMLDivElement, onHydrated: () => void): Promise<void> {
  await act(async () => {
    await hydrateIsland(
      { element, name: 'form', props: {}, strategy: 'interaction', prefix: 'form-0-' },
      { form: async () => ({ default: ReviewLikeForm as never }) },
      reloadEnv(),
      onHydrated,
    );
  });
}

/** As a keyboard does: the value changes under React's tracker, then `input` is sent. */
const type = (field: HTMLInputElement | HTMLTextAreaElement, text: string): void => {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('holdEarlyInput', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    sent.length = 0;
  });

  it('holds a submission made before hydration and replays it once hydrated, with what was typed', async () => {
    const element = serverRenderedIsland();
    const wake = vi.fn();
    const early = holdEarlyInput(element, wake);
    const nativeSubmits = vi.fn();
    document.addEventListener('submit', nativeSubmits);

    type(element.querySelector('input[name="name"]')!, 'Ada');
    type(element.querySelector('textarea')!, 'Spotless work');
    // A radio is not held: it changes at once, and is handed over.
    const radio = element.querySelector<HTMLInputElement>('input[value="2"]')!;
    radio.click();
    expect(radio.checked).toBe(true);
    expect(wake).not.toHaveBeenCalled();
    element.querySelector('button')!.click();
    expect(nativeSubmits).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
    expect(wake).toHaveBeenCalledTimes(1);
    expect(element.getAttribute('aria-busy')).toBe('true');

    await hydrate(element, () => early.release(true));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });

    expect(sent).toEqual([{ rating: '2', text: 'Spotless work', name: 'Ada' }]);
    expect(element.querySelector('textarea')!.value).toBe('Spotless work');
    expect(element.hasAttribute('aria-busy')).toBe(false);
    document.removeEventListener('submit', nativeSubmits);
  });

  it('replays nothing when nothing was pressed, and stops holding once released', async () => {
    const element = serverRenderedIsland();
    const early = holdEarlyInput(element, vi.fn());
    await hydrate(element, () => early.release(true));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(sent).toEqual([]);

    act(() => type(element.querySelector('textarea')!, 'After'));
    act(() => element.querySelector('button')!.click());
    expect(sent).toEqual([{ rating: '', text: 'After', name: '' }]);
  });

  it('lets a press outside any control through', () => {
    const element = document.createElement('div');
    element.innerHTML = '<p>Text</p><a href="#here">link</a>';
    document.body.append(element);
    holdEarlyInput(element, vi.fn());
    const seen = vi.fn();
    document.addEventListener('click', seen);
    element.querySelector('p')!.click();
    element.querySelector('a')!.click();
    expect(seen).toHaveBeenCalledTimes(2);
    expect(seen.mock.calls.every(([event]) => !(event as Event).defaultPrevented)).toBe(true);
    document.removeEventListener('click', seen);
  });

  it('drops a held press when the island could not hydrate: the markup alone posts nowhere useful', async () => {
    const element = serverRenderedIsland();
    const early = holdEarlyInput(element, vi.fn());
    const submits = vi.fn((event: Event) => event.preventDefault());
    document.addEventListener('submit', submits);
    element.querySelector('button')!.click();
    early.release(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(submits).not.toHaveBeenCalled();
    expect(element.hasAttribute('aria-busy')).toBe(false);
    // No longer held: a press goes ahead as the markup does it.
    element.querySelector('button')!.click();
    expect(submits).toHaveBeenCalledTimes(1);
    document.removeEventListener('submit', submits);
  });
});
