// The staff second factor's calls (server/src/admin/sign_in.rs). The staff session they open
// is an HttpOnly cookie the browser keeps; nothing of it is readable here.
import { apiRequest } from '../../lib/api/client.ts';
import type { ActionResult } from '../../lib/api/result.ts';
import type { ApiSchemas } from '../../lib/api/types.ts';
import { logWarning } from '../../lib/runtime/log.ts';

export const STAFF_PATHS = {
  enrol: '/api/admin/enrolment/',
  confirm: '/api/admin/enrolment/confirm/',
  session: '/api/admin/session/',
} as const;

/** Where the back office starts. */
export const BACK_OFFICE = '/admin';

async function attempt<Data>(call: () => Promise<Data>): Promise<ActionResult<Data>> {
  try {
    return { success: true, data: await call() };
  } catch (error) {
    logWarning('staff sign-in call failed', error);
    return { success: false, error };
  }
}

export function startEnrolment(): Promise<ActionResult<ApiSchemas['Enrolment']>> {
  return attempt(() => apiRequest<ApiSchemas['Enrolment']>('POST', STAFF_PATHS.enrol, { expect: 201 }));
}

export function confirmEnrolment(code: string): Promise<ActionResult<ApiSchemas['EnrolmentDone']>> {
  return attempt(() => apiRequest<ApiSchemas['EnrolmentDone']>('POST', STAFF_PATHS.confirm, { json: { code }, expect: 200 }));
}

/** Opens the staff session with a code from the app, or with a recovery code. */
export function openStaffSession(proof: { code: string } | { recovery_code: string }): Promise<ActionResult<ApiSchemas['StaffSessionAnswer']>> {
  return attempt(() => apiRequest<ApiSchemas['StaffSessionAnswer']>('POST', STAFF_PATHS.session, { json: proof, expect: 200 }));
}
