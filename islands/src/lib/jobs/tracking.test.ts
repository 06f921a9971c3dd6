import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../test/fake-api.ts';
import { listOf } from '../member-services/testing.ts';
import { appStore, initialAppState } from '../store/index.ts';
import { jobApplication, jobPost } from './testing.ts';
import {
  deleteJobPost,
  fetchJobApplications,
  fetchJobPostApplications,
  fetchMyJobPosts,
  setApplicationStatus,
  TRACKING_ALERTS,
  withdrawJobApplication,
} from './tracking.ts';

describe('the job tracking calls', () => {
  let api: FakeApi;
  let loaderStates: boolean[];
  let unsubscribe: () => void;

  beforeEach(() => {
    api = installFakeApi();
    loaderStates = [];
    unsubscribe = appStore.subscribe(() => loaderStates.push(appStore.getState().loading));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    unsubscribe();
    appStore.setState(initialAppState);
  });

  it("reads every page of the member's job applications", async () => {
    api.on(
      'GET /api/service/applications/',
      { status: 200, body: { count: 101, next: 'http://localhost/api/service/applications/?page=2', previous: null, results: [jobApplication(2)] } },
      { status: 200, body: listOf([jobApplication(1)]) },
    );
    await expect(fetchJobApplications()).resolves.toEqual({ success: true, data: [jobApplication(2), jobApplication(1)] });
    expect(api.callsTo('GET /api/service/applications/').map((call) => new URL(call.url, 'http://localhost').search)).toEqual([
      '?page=1&page_size=100',
      '?page=2&page_size=100',
    ]);
    expect(appStore.getState().alert).toBeNull();
  });

  it("asks for the member's own job posts with mine=true, and a post's applications by its id", async () => {
    api.on('GET /api/service/jobs/', { status: 200, body: listOf([jobPost(7, 'Cook')]) });
    api.on('GET /api/service/jobs/7/applications/', { status: 200, body: listOf([jobApplication(4)]) });
    await expect(fetchMyJobPosts()).resolves.toEqual({ success: true, data: [jobPost(7, 'Cook')] });
    expect(new URL(api.callsTo('GET /api/service/jobs/')[0]!.url, 'http://localhost').searchParams.get('mine')).toBe('true');
    await expect(fetchJobPostApplications(7)).resolves.toEqual({ success: true, data: [jobApplication(4)] });
  });

  it('a failed read only logs: no alert, no loader', async () => {
    api.on('GET /api/service/jobs/', { status: 500, body: { error: true, message: 'Server error.' } });
    expect((await fetchMyJobPosts()).success).toBe(false);
    expect(appStore.getState().alert).toBeNull();
    expect(loaderStates).not.toContain(true);
  });

  it('withdraws a job application under the loader: "Application deleted successfully"', async () => {
    api.on('DELETE /api/service/applications/5/', { status: 204 });
    await expect(withdrawJobApplication(5)).resolves.toEqual({ success: true, data: null });
    expect(api.callsTo('DELETE /api/service/applications/5/')).toHaveLength(1);
    expect(appStore.getState().alert).toMatchObject({ message: 'Application deleted successfully', type: 'success' });
    expect(loaderStates).toContain(true);
    expect(appStore.getState().loading).toBe(false);
  });

  it('a refused withdrawal alerts "Failed to delete application"', async () => {
    api.on('DELETE /api/service/applications/5/', { status: 404, body: { error: true, message: 'Not found.' } });
    expect((await withdrawJobApplication(5)).success).toBe(false);
    expect(appStore.getState().alert).toMatchObject({ message: 'Failed to delete application', type: 'error' });
    expect(appStore.getState().loading).toBe(false);
  });

  it('deletes a job post under the loader: "Job Post deleted successfully"', async () => {
    api.on('DELETE /api/service/jobs/7/', { status: 204 });
    await expect(deleteJobPost(7)).resolves.toEqual({ success: true, data: null });
    expect(api.callsTo('DELETE /api/service/jobs/7/')).toHaveLength(1);
    expect(appStore.getState().alert).toMatchObject({ message: 'Job Post deleted successfully', type: 'success' });
    expect(loaderStates).toContain(true);
    expect(appStore.getState().loading).toBe(false);
  });

  it('a failed job post deletion shows no alert and turns the loader off (our departure from the spec)', async () => {
    api.on('DELETE /api/service/jobs/7/', { status: 500, body: { error: true, message: 'Server error.' } });
    expect((await deleteJobPost(7)).success).toBe(false);
    expect(loaderStates).toContain(true);
    expect(appStore.getState().loading).toBe(false);
    expect(appStore.getState().alert).toBeNull();
  });

  it('sets an application status with PATCH {status} and answers the application as it now stands', async () => {
    api.on('PATCH /api/service/applications/4/', { status: 200, body: jobApplication(4, { status: 'Shortlisted' }) });
    await expect(setApplicationStatus(4, 'Shortlisted')).resolves.toEqual({ success: true, data: jobApplication(4, { status: 'Shortlisted' }) });
    expect(api.callsTo('PATCH /api/service/applications/4/').map((call) => call.body)).toEqual([{ status: 'Shortlisted' }]);
    expect(appStore.getState().alert).toBeNull();
    expect(appStore.getState().loading).toBe(false);
  });

  it("a refused status change alerts the server's message, or ours when it gives none", async () => {
    api.on(
      'PATCH /api/service/applications/4/',
      { status: 400, body: { error: true, message: 'This job has closed.' } },
      { status: 502, body: 'Bad gateway' },
    );
    expect((await setApplicationStatus(4, 'Rejected')).success).toBe(false);
    expect(appStore.getState().alert).toMatchObject({ message: 'This job has closed.', type: 'error' });
    expect((await setApplicationStatus(4, 'Rejected')).success).toBe(false);
    expect(appStore.getState().alert).toMatchObject({ message: TRACKING_ALERTS.statusFailed, type: 'error' });
    expect(appStore.getState().loading).toBe(false);
  });
});
