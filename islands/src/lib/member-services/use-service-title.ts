import { useEffect, useState } from 'react';
import { fetchServiceTitle } from './service-titles.ts';

/**
 * The title of service `id` (a provider application carries only the id): `known` when the page
 * has it already, else asked of the API; "Service N" until then or when it cannot be had.
 */
export function useServiceTitle(id: number, known: string | undefined): string {
  const [fetched, setFetched] = useState<string | null>(null);
  useEffect(() => {
    if (known !== undefined) return;
    let live = true;
    void fetchServiceTitle(id).then((title) => {
      if (live) setFetched(title);
    });
    return () => {
      live = false;
    };
  }, [id, known]);
  return known ?? fetched ?? `Service ${id}`;
}
