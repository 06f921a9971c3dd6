// Services' titles by id, asked of the API once per page: a provider application or a job
// application carries only its service's id.
import { apiRequest } from '../api/client.ts';
import type { ApiSchemas } from '../api/types.ts';
import { fetchQuietly, MEMBER_PATHS } from './calls.ts';

const titles = new Map<number, Promise<string | null>>();

/** Keeps a title the page already has (a category's services, read for the form). */
export function rememberServiceTitle(id: number, title: string): void {
  titles.set(id, Promise.resolve(title));
}

/** A service's title (`GET /api/service/{id}/`), asked once per page; null when unknown. */
export function fetchServiceTitle(id: number): Promise<string | null> {
  let title = titles.get(id);
  if (title === undefined) {
    title = fetchQuietly(`service ${id}`, () => apiRequest<ApiSchemas['ServiceView']>('GET', MEMBER_PATHS.service(id), { expect: 200 })).then((result) =>
      result.success && typeof result.data?.title === 'string' ? result.data.title : null,
    );
    titles.set(id, title);
  }
  return title;
}

/** Forgets the titles (for the tests). */
export function resetServiceTitles(): void {
  titles.clear();
}
