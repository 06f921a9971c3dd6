import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { ActionResult } from '../api/result.ts';
import { fieldErrorsOf, type FieldErrors } from './field-errors.ts';

export interface AccountForm {
  readonly formRef: RefObject<HTMLFormElement | null>;
  /** The form is being sent: its submit button is disabled. */
  readonly submitting: boolean;
  /** The first server message per input name. */
  readonly errors: FieldErrors;
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Clears the error of the input the visitor edits. */
  readonly onInput: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's own reason from `initial` (no field carries it), shown above the button until the next submit. */
  readonly message: string | undefined;
  /** The notice from `initial` (a confirmation the page was rendered with), shown until the next submit. */
  readonly notice: string | null;
}

/** Where a form starts: the outcome of its post without JavaScript, when the server rendered one. */
export interface AccountFormInitial {
  /** The first message per input name, shown until the next submit (or the visitor edits the input). */
  readonly errors?: FieldErrors;
  /** The reason for the whole form, when no field carries one: shown until the next submit. */
  readonly message?: string | undefined;
  /** A notice the page was rendered with (e.g. the code was sent): shown until the next submit. */
  readonly notice?: string | null;
}

const NOTHING_POSTED = { message: undefined, notice: null } as const;

/** A text value of the form, '' when missing. */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * Sends a form through an account action: one submission at a time, the field errors of a
 * failure (the first message of each of `names`; `apiNames` maps an input to its API field),
 * and focus on the first field in error so that keyboard and screen-reader users land on it.
 * `initial` is read once, on the first render (so the server's markup and hydration agree);
 * the next submit replaces it: its errors, its message and its notice.
 */
export function useAccountForm(
  names: readonly string[],
  send: (data: FormData, form: HTMLFormElement) => Promise<ActionResult<unknown>>,
  apiNames: Readonly<Record<string, string>> = {},
  initial: AccountFormInitial = {},
): AccountForm {
  const formRef = useRef<HTMLFormElement | null>(null);
  const busy = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>(() => initial.errors ?? {});
  const [focusRequest, setFocusRequest] = useState(0);
  const [posted, setPosted] = useState(() => ({ message: initial.message, notice: initial.notice ?? null }));

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current) return;
      busy.current = true;
      const form = event.currentTarget;
      setSubmitting(true);
      setErrors({});
      setPosted(NOTHING_POSTED);
      void send(new FormData(form), form)
        .then((result) => {
          if (result.success) return;
          const next = fieldErrorsOf(result.error, names, apiNames);
          setErrors(next);
          if (Object.keys(next).length > 0) setFocusRequest((count) => count + 1);
        })
        .finally(() => {
          busy.current = false;
          setSubmitting(false);
        });
    },
    [send, names, apiNames],
  );

  const onInput = useCallback((event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: unknown }).name;
    if (typeof name !== 'string') return;
    setErrors((current) => {
      if (!(name in current)) return current;
      const rest: Record<string, string> = { ...current };
      delete rest[name];
      return rest;
    });
  }, []);

  return { formRef, submitting, errors, onSubmit, onInput, message: posted.message, notice: posted.notice };
}
