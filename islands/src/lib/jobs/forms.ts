// The calls of the job forms (spec sections 7 and 8): apply for a job, post a job, send a
// recruitment request, register as a job seeker; and the other public form that posts JSON, the
// /contact page's message. Each returns {success: true, data} or {success: false, error} (the
// error carries the server's field messages) and shows its alert.
// Only the server validates (spec section 5): whatever was typed is sent.
//
// The uploads report their progress to a bar in the form instead of running under the
// full-screen loader, which would cover that bar (as the profile's document uploads do); the
// recruitment request and the message, plain JSON, run under the loader.
import { apiRequest } from '../api/client.ts';
import { messageOf } from '../api/error-fields.ts';
import { ApiError, errorBodyOf } from '../api/errors.ts';
import type { ActionResult } from '../api/result.ts';
import { apiUpload } from '../api/upload.ts';
import { withLoader } from '../member-services/calls.ts';
import { logWarning } from '../runtime/log.ts';
import { showAlert } from '../store/alert.ts';
import { JOB_ALERTS } from './messages.ts';
import { JOB_PATHS } from './paths.ts';
import type { ContactBody, ContactSent, JobApplicationView, JobSeekerRegistered, JobView, RecruitmentBody, RecruitmentSent } from './types.ts';

/** The share of an upload sent so far, 0 to 1. */
export type OnProgress = (fraction: number) => void;

/** Ours (the spec has no job seeker registration): the alerts when the server gives no message. */
export const JOB_SEEKER_ALERTS = {
  registered: 'Thank you: you are registered with us',
  failed: 'Failed to register',
} as const;

/** Ours (the spec has no contact form): the alerts of the /contact page's message. */
export const CONTACT_ALERTS = {
  sent: 'Message sent successfully',
  failed: 'Failed to send message',
} as const;

interface JobCall<Data> {
  /** For the log, when the call fails for another reason than the API's answer. */
  readonly what: string;
  readonly call: () => Promise<Data>;
  /** The success alert; none without it. */
  readonly succeeded?: (data: Data) => string;
  readonly failed: (error: unknown) => string;
}

async function runJobCall<Data>(job: JobCall<Data>): Promise<ActionResult<Data>> {
  try {
    const data = await job.call();
    if (job.succeeded !== undefined) showAlert(job.succeeded(data), 'success');
    return { success: true, data };
  } catch (error) {
    if (!(error instanceof ApiError)) logWarning(`${job.what} failed`, error);
    showAlert(job.failed(error), 'error');
    return { success: false, error };
  }
}

/**
 * A multipart body of exactly these texts, and of each file that was chosen: a missing file
 * sends no part, so that the server answers that it is required rather than that an empty,
 * nameless file has the wrong type.
 */
function multipart(texts: Readonly<Record<string, string>>, files: Readonly<Record<string, File | null>>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(texts)) body.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    if (file !== null) body.append(name, file);
  }
  return body;
}

export interface JobApplicationFields {
  readonly job: number;
  readonly full_name: string;
  readonly email: string;
  readonly phone_number: string;
  readonly cover_letter: string;
  readonly resume: File | null;
}

/**
 * `POST /api/job-apply/` multipart (201): 'Job application submitted successfully', else
 * 'Failed to apply job'.
 */
export function applyForJob(fields: JobApplicationFields, onProgress: OnProgress): Promise<ActionResult<JobApplicationView>> {
  const body = multipart(
    {
      job: String(fields.job),
      full_name: fields.full_name,
      email: fields.email,
      phone_number: fields.phone_number,
      cover_letter: fields.cover_letter,
    },
    { resume: fields.resume },
  );
  return runJobCall({
    what: 'job application',
    call: () => apiUpload<JobApplicationView>('POST', JOB_PATHS.apply, body, { expect: 201, onProgress }),
    succeeded: () => JOB_ALERTS.applicationSubmitted,
    failed: () => JOB_ALERTS.applyFailed,
  });
}

export interface JobPostFields {
  readonly title: string;
  readonly company: string;
  readonly location: string;
  /** Where the work is, to be found near a postcode; blank leaves the job placed by its town. */
  readonly postcode: string;
  readonly employment_type: string;
  readonly salary_min: string;
  readonly salary_max: string;
  readonly salary_period: string;
  readonly closes_at: string;
  readonly description: string;
  readonly attachment: File | null;
}

/**
 * `POST /api/service/jobs/` multipart (201): the new job. No alert on success (the spec has
 * none: the caller shows the job); 'Failed to post job' on failure.
 */
export function postJob(fields: JobPostFields, onProgress: OnProgress): Promise<ActionResult<JobView>> {
  const body = multipart(
    {
      title: fields.title,
      company: fields.company,
      location: fields.location,
      postcode: fields.postcode,
      employment_type: fields.employment_type,
      salary_min: fields.salary_min,
      salary_max: fields.salary_max,
      salary_period: fields.salary_period,
      closes_at: fields.closes_at,
      description: fields.description,
    },
    { attachment: fields.attachment },
  );
  return runJobCall({
    what: 'job post',
    call: () => apiUpload<JobView>('POST', JOB_PATHS.jobs, body, { expect: 201, onProgress }),
    failed: () => JOB_ALERTS.postFailed,
  });
}

/**
 * `POST /api/send-recruitment/` JSON (201), open to visitors, under the loader: 'Recruitment
 * sent successfully', else 'Failed to send-recruitment'.
 */
export function sendRecruitment(request: RecruitmentBody): Promise<ActionResult<RecruitmentSent>> {
  // Field by field, so that nothing else the caller holds reaches the server.
  const body: RecruitmentBody = {
    company_name: request.company_name,
    contact_name: request.contact_name,
    email: request.email,
    phone_number: request.phone_number,
    role: request.role,
    number_of_staff: request.number_of_staff,
    location: request.location,
    start_date: request.start_date,
    details: request.details,
  };
  return withLoader(() =>
    runJobCall({
      what: 'recruitment request',
      call: () => apiRequest<RecruitmentSent>('POST', JOB_PATHS.recruitment, { json: body, expect: 201 }),
      succeeded: () => JOB_ALERTS.recruitmentSent,
      failed: () => JOB_ALERTS.recruitmentFailed,
    }),
  );
}

export interface ContactFields {
  readonly full_name: string;
  readonly email: string;
  /** '' when none is given: the number is optional. */
  readonly phone_number: string;
  readonly subject: string;
  /** The message's text. */
  readonly body: string;
}

/**
 * `POST /api/contact/` JSON (201), open to visitors, under the loader: 'Message sent
 * successfully', else 'Failed to send message'. The answer's `message` is the sentence the form
 * shows above itself.
 */
export function sendContact(fields: ContactFields): Promise<ActionResult<ContactSent>> {
  // Field by field, so that nothing else the caller holds reaches the server.
  const body: ContactBody = {
    full_name: fields.full_name,
    email: fields.email,
    phone_number: fields.phone_number,
    subject: fields.subject,
    body: fields.body,
  };
  return withLoader(() =>
    runJobCall({
      what: 'contact message',
      call: () => apiRequest<ContactSent>('POST', JOB_PATHS.contact, { json: body, expect: 201 }),
      succeeded: () => CONTACT_ALERTS.sent,
      failed: () => CONTACT_ALERTS.failed,
    }),
  );
}

export interface JobSeekerFields {
  readonly full_name: string;
  readonly email: string;
  readonly phone_number: string;
  /** One a line. */
  readonly roles: string;
  /** One a line; none means anywhere. */
  readonly locations: string;
  /** A postcode or district the alerts keep near; blank for anywhere. */
  readonly near: string;
  /** Miles from `near`. */
  readonly within: string;
  /** None means any. */
  readonly employment_types: readonly string[];
  readonly cv: File | null;
  readonly job_alerts: boolean;
}

/**
 * `POST /api/job-seekers/` multipart (201), open to visitors: the server's message as the
 * success alert and in the answer (it says whether a confirmation email went out; ours when it
 * has none); on failure the server's message, else 'Failed to register'.
 */
export function registerJobSeeker(fields: JobSeekerFields, onProgress: OnProgress): Promise<ActionResult<JobSeekerRegistered>> {
  const body = multipart(
    {
      full_name: fields.full_name,
      email: fields.email,
      phone_number: fields.phone_number,
      roles: fields.roles,
      locations: fields.locations,
      near: fields.near,
      within: fields.within,
      employment_types: fields.employment_types.join(','),
      job_alerts: String(fields.job_alerts),
    },
    { cv: fields.cv },
  );
  return runJobCall({
    what: 'job seeker registration',
    call: async () => {
      const answer = await apiUpload<JobSeekerRegistered>('POST', JOB_PATHS.jobSeekers, body, { expect: 201, onProgress });
      // Registered all the same when the answer has no message: ours stands in.
      const told = typeof answer?.message === 'string' && answer.message.trim() !== '';
      return told ? answer : { ...answer, message: JOB_SEEKER_ALERTS.registered };
    },
    succeeded: (answer) => answer.message,
    failed: (error) => messageOf(errorBodyOf(error)) ?? JOB_SEEKER_ALERTS.failed,
  });
}
