// The member's provider applications (spec sections 4, 7 and 8): apply, list, switch
// availability, withdraw; and the services of one category, to choose from.
import { apiRequest } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { ActionResult } from '../api/result.ts';
import type { ApiSchemas, JsonBody } from '../api/types.ts';
import { logWarning } from '../runtime/log.ts';
import { showAlert } from '../store/alert.ts';
import { fetchAllPages, fetchQuietly, MEMBER_PATHS, withLoader } from './calls.ts';
import { MEMBER_ALERTS } from './messages.ts';

export type ProviderApplication = ApiSchemas['ProviderView'];
export type ProviderPayload = JsonBody<'ProviderApplication'>;
export type Service = ApiSchemas['ServiceView'];

/** `POST /api/service/providers/ {service, bio, experience_years, availability}` (201). */
export function applyAsProvider(payload: ProviderPayload): Promise<ActionResult<ProviderApplication>> {
  const body: ProviderPayload = {
    service: payload.service,
    bio: payload.bio,
    experience_years: payload.experience_years,
    availability: payload.availability,
  };
  return withLoader(async () => {
    let application: ProviderApplication;
    try {
      application = await apiRequest<ProviderApplication>('POST', MEMBER_PATHS.providers, { json: body, expect: 201 });
    } catch (error) {
      if (!(error instanceof ApiError)) logWarning('provider application failed', error);
      showAlert(MEMBER_ALERTS.applyFailed, 'error');
      return { success: false, error };
    }
    showAlert(MEMBER_ALERTS.applicationSent, 'success');
    // Sent: nothing a listener does makes it a failure.
    for (const listener of appliedListeners) {
      try {
        listener(application);
      } catch (error) {
        logWarning('a listener of provider applications failed', error);
      }
    }
    return { success: true, data: application };
  });
}

type AppliedListener = (application: ProviderApplication) => void;
const appliedListeners = new Set<AppliedListener>();

/**
 * Calls `listener` with each application this page sends: the form and the list of the
 * member's applications are islands of their own. Returns the way to stop.
 */
export function onProviderApplied(listener: AppliedListener): () => void {
  appliedListeners.add(listener);
  return () => appliedListeners.delete(listener);
}

/** `GET /api/service/providers/`: the member's own applications. */
export function fetchProviderApplications(): Promise<ActionResult<ProviderApplication[]>> {
  return fetchQuietly('the provider applications', () => fetchAllPages<ProviderApplication>(MEMBER_PATHS.providers));
}

/** `PATCH /api/service/providers/{id}/ {availability}`; failure: 'Failed to apply service'. */
export function setProviderAvailability(id: number, availability: boolean): Promise<ActionResult<ProviderApplication>> {
  return withLoader(async () => {
    try {
      const changed = await apiRequest<ProviderApplication>('PATCH', MEMBER_PATHS.provider(id), {
        json: { availability } satisfies JsonBody<'AvailabilityChange'>,
        expect: 200,
      });
      return { success: true, data: changed };
    } catch (error) {
      if (!(error instanceof ApiError)) logWarning('availability change failed', error);
      showAlert(MEMBER_ALERTS.applyFailed, 'error');
      return { success: false, error };
    }
  });
}

/** `DELETE /api/service/providers/{id}/` (204): 'Application deleted successfully', else 'Failed to delete application'. */
export function withdrawProviderApplication(id: number): Promise<ActionResult<null>> {
  return withLoader(async () => {
    try {
      await apiRequest('DELETE', MEMBER_PATHS.provider(id), { expect: 204 });
      showAlert(MEMBER_ALERTS.applicationDeleted, 'success');
      return { success: true, data: null };
    } catch (error) {
      if (!(error instanceof ApiError)) logWarning('withdrawal failed', error);
      showAlert(MEMBER_ALERTS.deleteApplicationFailed, 'error');
      return { success: false, error };
    }
  });
}

const titles = new Map<number, Promise<string | null>>();

/**
 * `GET /api/service/?category__slug={slug}&status=Open&ordering=priority`, every page; their
 * titles are kept for the applications listed (fetchServiceTitle).
 */
export async function fetchCategoryServices(slug: string): Promise<ActionResult<Service[]>> {
  const result = await fetchQuietly('the services of the category', () =>
    fetchAllPages<Service>(MEMBER_PATHS.services, { category__slug: slug, status: 'Open', ordering: 'priority' }),
  );
  if (result.success) for (const service of result.data) titles.set(service.id, Promise.resolve(service.title));
  return result;
}

/** A service's title (`GET /api/service/{id}/`), asked once per page; null when unknown. */
export function fetchServiceTitle(id: number): Promise<string | null> {
  let title = titles.get(id);
  if (title === undefined) {
    title = fetchQuietly(`service ${id}`, () => apiRequest<Service>('GET', MEMBER_PATHS.service(id), { expect: 200 })).then((result) =>
      result.success && typeof result.data?.title === 'string' ? result.data.title : null,
    );
    titles.set(id, title);
  }
  return title;
}

/** Forgets the titles asked for and who listens (for the tests). */
export function resetProviderModule(): void {
  titles.clear();
  appliedListeners.clear();
}
