// The provider's schedule: working terms, the jobs offered and accepted, answers to offers,
// and the private calendar feed's address.
import { apiRequest } from '../api/client.ts';
import { errorBodyOf } from '../api/errors.ts';
import type { ActionResult } from '../api/result.ts';
import type { ApiSchemas } from '../api/types.ts';
import { fetchAllPages, fetchQuietly, withLoader } from './calls.ts';

export type WorkingTerms = ApiSchemas['TermsView'];
export type ScheduledJob = ApiSchemas['ScheduledJob'];
export type RangeText = ApiSchemas['RangeText'];

/** The terms as `PUT /api/schedule/terms/` takes them. */
export interface TermsPayload {
  readonly areas: readonly { readonly postcode: string; readonly radius_miles: string }[];
  readonly hours: Readonly<Record<string, readonly RangeText[]>>;
  readonly days_off: readonly string[];
  readonly buffer_minutes: string;
  readonly notice_hours: string;
  readonly max_jobs_per_day: string;
  readonly paused: boolean;
}

export const SCHEDULE_PATHS = {
  terms: '/api/schedule/terms/',
  jobs: '/api/schedule/jobs/',
  offer: (id: number, answer: 'accept' | 'decline') => `/api/schedule/offers/${encodeURIComponent(String(id))}/${answer}/`,
  handBack: (booking: number) => `/api/schedule/jobs/${encodeURIComponent(String(booking))}/hand-back/`,
  complete: (booking: number) => `/api/schedule/jobs/${encodeURIComponent(String(booking))}/complete/`,
  answer: (review: number) => `/api/reviews/${encodeURIComponent(String(review))}/answer/`,
  feed: '/api/schedule/feed/',
} as const;

/** `GET /api/schedule/terms/`: the member's terms (the defaults until saved) and the services they provide. */
export function fetchTerms(): Promise<ActionResult<WorkingTerms>> {
  return fetchQuietly('the working terms', () => apiRequest<WorkingTerms>('GET', SCHEDULE_PATHS.terms, { expect: 200 }));
}

/** `PUT /api/schedule/terms/`: the saved terms, or the server's messages by field. */
export function saveTerms(terms: TermsPayload): Promise<{ readonly success: true; readonly data: WorkingTerms } | { readonly success: false; readonly fields: Readonly<Record<string, unknown>> }> {
  return withLoader(async () => {
    try {
      return { success: true, data: await apiRequest<WorkingTerms>('PUT', SCHEDULE_PATHS.terms, { json: terms, expect: 200 }) };
    } catch (error) {
      return { success: false, fields: errorBodyOf(error) };
    }
  });
}

/** `GET /api/schedule/jobs/?when=`: the upcoming (soonest first) or past jobs. */
export function fetchScheduleJobs(when: 'upcoming' | 'past'): Promise<ActionResult<ScheduledJob[]>> {
  return fetchQuietly(`the ${when} jobs`, () => fetchAllPages<ScheduledJob>(SCHEDULE_PATHS.jobs, { when }));
}

type Answered = { readonly success: true } | { readonly success: false; readonly message: string };

/** A POST (with a multipart or JSON body) answered `expect`; a failure carries the server's sentence. */
function post(path: string, body: { readonly form?: FormData; readonly json?: unknown } = {}, expect = 204): Promise<Answered> {
  return withLoader(async () => {
    try {
      await apiRequest('POST', path, { ...body, expect });
      return { success: true };
    } catch (error) {
      const message = errorBodyOf(error).message;
      return { success: false, message: typeof message === 'string' ? message : 'We could not send your answer. Please try again.' };
    }
  });
}

/** Accepts or declines an offer. */
export function answerOffer(id: number, answer: 'accept' | 'decline'): Promise<Answered> {
  return post(SCHEDULE_PATHS.offer(id, answer));
}

/** Hands back an accepted job: it goes to another provider. */
export function handBackJob(booking: number): Promise<Answered> {
  return post(SCHEDULE_PATHS.handBack(booking));
}

/** Marks a job done with the form's notes and photos (at most two): its customer is invited to review it. */
export function completeJob(booking: number, report: FormData): Promise<Answered> {
  return post(SCHEDULE_PATHS.complete(booking), { form: report });
}

/** Answers the review of a job, publicly and once. */
export function answerReview(review: number, answer: string): Promise<Answered> {
  return post(SCHEDULE_PATHS.answer(review), { json: { answer } }, 201);
}

/** The feed's address (`GET`), or a new one that revokes the old (`POST`). */
export function fetchFeedAddress(renew: boolean): Promise<ActionResult<string>> {
  return fetchQuietly('the calendar feed', async () => (await apiRequest<ApiSchemas['FeedAddress']>(renew ? 'POST' : 'GET', SCHEDULE_PATHS.feed, { expect: 200 })).url);
}
