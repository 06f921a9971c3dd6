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
import { announceProviderApplied, resetProviderRecords, type ProviderApplication } from './provider-records.ts';
import { rememberServiceTitle, resetServiceTitles } from './service-titles.ts';

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
    announceProviderApplied(application);
    return { success: true, data: application };
  });
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

/**
 * `GET /api/service/?category__slug={slug}&status=Open&ordering=priority`, every page; their
 * titles are kept for the applications listed (service-titles.ts).
 */
export async function fetchCategoryServices(slug: string): Promise<ActionResult<Service[]>> {
  const result = await fetchQuietly('the services of the category', () =>
    fetchAllPages<Service>(MEMBER_PATHS.services, { category__slug: slug, status: 'Open', ordering: 'priority' }),
  );
  if (result.success) for (const service of result.data) rememberServiceTitle(service.id, service.title);
  return result;
}

/** Forgets the titles asked for and who listens (for the tests). */
export function resetProviderModule(): void {
  resetServiceTitles();
  resetProviderRecords();
}
