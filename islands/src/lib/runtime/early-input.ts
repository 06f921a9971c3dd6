// What a visitor does to an island before React owns its markup is not lost. Until then a
// press on one of its controls or a form's submission would do nothing, or submit the server
// markup's form natively: the last one is held and replayed once the island has hydrated. What
// was typed or chosen meanwhile is handed to React, whose state still holds the server's values.

/**
 * Controls whose press does something only once hydrated. Links are left alone (they work as
 * they are), and so are checkboxes and radios: they change natively and are handed over.
 */
const CONTROLS = 'button, input[type="submit"], input[type="button"], summary, [role="button"]';

export interface EarlyInput {
  /**
   * Stops holding. Once hydrated: hands over what was typed and replays the held press. If the
   * island could not hydrate, the press is dropped: the page's own markup would only post to
   * a page that takes no form. Idempotent.
   */
  release(hydrated: boolean): void;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Sets the value through the element's prototype: React's own tracker on the element does not see it. */
function setUntracked(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
}

/**
 * React keeps a field's value as typed when it hydrates, but records it as already seen, so no
 * change reaches a controlled field's state. The field is put back to the value React rendered
 * (which React records), then to what the visitor typed (which it does not), and the event React
 * listens to is sent.
 */
function handOver(field: Field): void {
  if (field instanceof HTMLSelectElement) {
    if (Array.from(field.options).some((option) => option.selected !== option.defaultSelected)) {
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
    return;
  }
  if (field instanceof HTMLInputElement && field.type === 'file') {
    if ((field.files?.length ?? 0) > 0) field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    // A radio left unchecked changed only because another of its group was chosen.
    if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) return;
    field.checked = field.defaultChecked;
    field.click();
    return;
  }
  if (field.value === field.defaultValue) return;
  const typed = field.value;
  // Where the visitor's caret was, if the field has one (an email field has none).
  const selection = hasSelection(field) ? ([field.selectionStart, field.selectionEnd, field.selectionDirection] as const) : null;
  field.value = field.defaultValue;
  setUntracked(field, typed);
  if (selection !== null) field.setSelectionRange(selection[0], selection[1], selection[2] ?? undefined);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function hasSelection(field: HTMLInputElement | HTMLTextAreaElement): boolean {
  try {
    return field.selectionStart !== null;
  } catch {
    return false;
  }
}

/**
 * Holds presses and submissions inside `island` until `release()`; a held press calls `wake`
 * (so an island waiting for the visitor starts hydrating even when nothing announced the press)
 * and marks the island busy until then.
 */
export function holdEarlyInput(island: HTMLElement, wake: () => void, win: Window & typeof globalThis = window): EarlyInput {
  let held: (() => void) | null = null;
  let released = false;

  const hold = (event: Event): void => {
    const target = event.target instanceof win.Element ? event.target : null;
    if (target === null) return;
    if (event.type === 'submit') {
      const form = target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      held = () => form.requestSubmit(submitter !== null && form.contains(submitter) ? submitter : undefined);
    } else {
      const control = target.closest<HTMLElement>(CONTROLS);
      if (control === null || !island.contains(control)) return;
      held = () => control.click();
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    island.setAttribute('aria-busy', 'true');
    wake();
  };
  island.addEventListener('click', hold, true);
  island.addEventListener('submit', hold, true);

  return {
    release(hydrated) {
      if (released) return;
      released = true;
      island.removeEventListener('click', hold, true);
      island.removeEventListener('submit', hold, true);
      if (held !== null) island.removeAttribute('aria-busy');
      const replay = hydrated ? held : null;
      held = null;
      if (!hydrated) return;
      for (const field of Array.from(island.querySelectorAll<Field>('input, textarea, select'))) handOver(field);
      // After React has rendered the handed-over values.
      if (replay !== null) win.setTimeout(replay, 0);
    },
  };
}
