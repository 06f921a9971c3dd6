// The member's side of jobs after the forms (spec sections 7 and 8): the applications they
// sent, the jobs they posted, the applications those received and where each stands.
import { apiRequest } from '../api/client.ts';
import { messageOf } from '../api/error-fields.ts';
import { ApiError, errorBodyOf } from '../api/errors.ts';
import type { ActionResult } from '../api/result.ts';
import { fetchAllPages, fetchQuietly, withLoader } from '../member-services/calls.ts';
import { MEMBER_ALERTS } from '../member-services/messages.ts';
import { logWarning } from '../runtime/log.ts';
import { showAlert } from '../store/alert.ts';
import { JOB_ALERTS } from './messages.ts';
import { JOB_PATHS } from './paths.ts';
import type { JobApplicationView, JobView } from './types.ts';

export type ApplicationStatus = JobApplicationView['status'];
/** What the job's owner may set: an application starts as Submitted and never goes back to it. */
export type ReviewStatus = Exclude<ApplicationStatus, 'Submitted'>;
export const REVIEW_STATUSES: readonly ReviewStatus[] = ['Reviewed', 'Shortlisted', 'Rejected'];

/** Ours (the spec has none): a status change the server refused without saying why. */
export const TRACKING_ALERTS = {
  statusFailed: 'Failed to update the application',
} as const;

/** `GET /api/service/applications/`: the jobs the member applied for, every page. */
export function fetchJobApplications(): Promise<ActionResult<JobApplicationView[]>> {
  return fetchQuietly('the job applications', () => fetchAllPages<JobApplicationView>(JOB_PATHS.applications));
}

/** `DELETE /api/service/applications/{id}/` (204): 'Application deleted successfully', else 'Failed to delete application'. */
export function withdrawJobApplication(id: number): Promise<ActionResult<null>> {
  return withLoader(async () => {
    try {
      await apiRequest('DELETE', JOB_PATHS.application(id), { expect: 204 });
      showAlert(MEMBER_ALERTS.applicationDeleted, 'success');
      return { success: true, data: null };
    } catch (error) {
      if (!(error instanceof ApiError)) logWarning('job application withdrawal failed', error);
      showAlert(MEMBER_ALERTS.deleteApplicationFailed, 'error');
      return { success: false, error };
    }
  });
}

/** `GET /api/service/jobs/?mine=true`: the member's own posts, open and closed, every page. */
export function fetchMyJobPosts(): Promise<ActionResult<JobView[]>> {
  return fetchQuietly('your job posts', () => fetchAllPages<JobView>(JOB_PATHS.jobs, { mine: 'true' }));
}

/**
 * `DELETE /api/service/jobs/{id}/` (204) under the loader. Success: 'Job Post deleted
 * successfully'. Failure: no alert, as spec section 8 says.
 */
export function deleteJobPost(id: number): Promise<ActionResult<null>> {
  // Spec section 8 also leaves the loader on after a failure, which traps the person on a
  // blank screen; as for bookings (README: Departures from the spec), withLoader turns it off.
  return withLoader(async () => {
    try {
      await apiRequest('DELETE', JOB_PATHS.job(id), { expect: 204 });
    } catch (error) {
      logWarning(`could not delete job post ${id}`, error);
      return { success: false, error };
    }
    showAlert(JOB_ALERTS.jobPostDeleted, 'success');
    return { success: true, data: null };
  });
}

/** `GET /api/service/jobs/{id}/applications/`: what one of the member's posts received, every page. */
export function fetchJobPostApplications(jobId: number): Promise<ActionResult<JobApplicationView[]>> {
  return fetchQuietly(`the applications to job ${jobId}`, () => fetchAllPages<JobApplicationView>(JOB_PATHS.jobApplications(jobId)));
}

/**
 * `PATCH /api/service/applications/{id}/ {status}` (200) under the loader: the application as
 * it now stands. A refusal shows the server's message (ours when it gives none).
 */
export function setApplicationStatus(id: number, status: ReviewStatus): Promise<ActionResult<JobApplicationView>> {
  return withLoader(async () => {
    try {
      const changed = await apiRequest<JobApplicationView>('PATCH', JOB_PATHS.application(id), { json: { status }, expect: 200 });
      return { success: true, data: changed };
    } catch (error) {
      if (!(error instanceof ApiError)) logWarning('application status change failed', error);
      showAlert(messageOf(errorBodyOf(error)) ?? TRACKING_ALERTS.statusFailed, 'error');
      return { success: false, error };
    }
  });
}
