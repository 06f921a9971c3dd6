// A member's list of records as the marketplace islands show it: loaded, loaded again on
// request, changed record by record, and keyboard focus kept in place when a record
// (and the button that was pressed in it) goes away.
import { useEffect, useRef, useState } from 'react';
import type { ActionResult } from '../api/result.ts';

export type RecordListLoad<Item> =
  | { readonly state: 'loading' }
  | { readonly state: 'failed' }
  | { readonly state: 'ready'; readonly items: readonly Item[] };

export interface RecordList<Item> {
  readonly load: RecordListLoad<Item>;
  readonly retry: () => void;
  /** Takes the record out and moves focus to the element given to `focusAfterRemoval`. */
  readonly remove: (id: number) => void;
  readonly replace: (item: Item) => void;
  /**
   * A ref for what focus goes to once a record has left: the list, or its empty state when the
   * last one has gone. Without it focus would fall back to the start of the page.
   */
  readonly focusAfterRemoval: (element: HTMLElement | null) => void;
}

/** The records `fetch` answers, asked for on mount and on retry; `fetch` must keep its identity between renders. */
export function useRecordList<Item extends { readonly id: number }>(fetch: () => Promise<ActionResult<Item[]>>): RecordList<Item> {
  const [load, setLoad] = useState<RecordListLoad<Item>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [removals, setRemovals] = useState(0);
  const afterRemoval = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (removals > 0) afterRemoval.current?.focus();
  }, [removals]);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    void fetch().then((result) => {
      if (live) setLoad(result.success ? { state: 'ready', items: result.data } : { state: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [fetch, attempt]);

  return {
    load,
    retry: () => setAttempt((count) => count + 1),
    remove: (id) => {
      setLoad((current) => (current.state === 'ready' ? { state: 'ready', items: current.items.filter((item) => item.id !== id) } : current));
      setRemovals((count) => count + 1);
    },
    replace: (changed) =>
      setLoad((current) =>
        current.state === 'ready' ? { state: 'ready', items: current.items.map((item) => (item.id === changed.id ? changed : item)) } : current,
      ),
    focusAfterRemoval: (element) => {
      afterRemoval.current = element;
    },
  };
}

/** "Loading your …" while the list loads, and a way to ask again when it could not. */
export function RecordListStatus({ load, what, onRetry }: { load: RecordListLoad<unknown>; what: string; onRetry: () => void }) {
  if (load.state === 'ready') return null;
  return (
    <p className="isl-status" role="status">
      {load.state === 'loading' ? (
        `Loading ${what}…`
      ) : (
        <>
          We could not load {what}.{' '}
          <button className="button button--secondary" type="button" onClick={onRetry}>
            Try again
          </button>
        </>
      )}
    </p>
  );
}
