import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../test/fake-api.ts';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { pdf } from '../../../test/files.ts';
import { ApiError } from '../api/errors.ts';
import { appStore, initialAppState } from '../store/index.ts';
import { applyForJob, JOB_SEEKER_ALERTS, postJob, registerJobSeeker, sendContact, sendRecruitment } from './forms.ts';

/** Lets the upload's promise chain reach the XMLHttpRequest. */
const sent = async (): Promise<FakeXhr> => {
  await Promise.resolve();
  return FakeXhr.last();
};

const entries = (body: unknown) =>
  Array.from((body as FormData).entries()).map(([name, value]) => [name, typeof value === 'string' ? value : `file ${value.name}`]);

const APPLICATION = {
  job: 3,
  full_name: 'Anna Smith',
  email: 'anna@example.co.uk',
  phone_number: '07700900123',
  cover_letter: 'Five years in home care.',
};
const JOB_POST = {
  title: 'Night care assistant',
  company: 'Pennine Care Partners',
  location: 'Leeds',
  postcode: 'LS1 4AP',
  employment_type: 'part_time',
  salary_min: '12.50',
  salary_max: '',
  salary_period: 'hour',
  closes_at: '2030-01-31',
  description: 'Three nights a week.',
};
const RECRUITMENT = {
  company_name: 'Pennine Care Partners',
  contact_name: 'Sam Patel',
  email: 'sam@pennine.example',
  phone_number: '0113 496 0000',
  role: 'Care assistant',
  number_of_staff: 4,
  location: 'Leeds',
  start_date: '2030-01-15',
  details: '',
};
const CONTACT = {
  full_name: 'Ann Lee',
  email: 'ann@example.co.uk',
  phone_number: '',
  subject: 'Invoices',
  body: 'Where is my invoice?',
};
const SEEKER = {
  full_name: 'Sam Patel',
  email: 'sam@example.co.uk',
  phone_number: '07700 900456',
  roles: 'Care assistant',
  locations: '',
  near: 'LS6 1AA',
  within: '10',
  employment_types: ['full_time', 'contract'],
  job_alerts: false,
};

describe('the job forms\' calls', () => {
  let api: FakeApi;

  beforeEach(() => {
    api = installFakeApi();
    FakeXhr.install();
  });

  afterEach(() => {
    appStore.setState(initialAppState);
  });

  describe('applyForJob', () => {
    it('posts exactly the application fields and the CV as multipart to /api/job-apply/, reporting progress', async () => {
      const progress = vi.fn();
      const call = applyForJob({ ...APPLICATION, resume: pdf() }, progress);
      const xhr = await sent();
      expect([xhr.method, xhr.url]).toEqual(['POST', '/api/job-apply/']);
      expect(entries(xhr.body)).toEqual([
        ['job', '3'],
        ['full_name', 'Anna Smith'],
        ['email', 'anna@example.co.uk'],
        ['phone_number', '07700900123'],
        ['cover_letter', 'Five years in home care.'],
        ['resume', 'file cv.pdf'],
      ]);
      xhr.progress(1, 4);
      expect(progress).toHaveBeenLastCalledWith(0.25);
      // The upload shows its own bar, not the full-screen loader.
      expect(appStore.getState().loading).toBe(false);
      xhr.respond(201, { id: 12 });
      await expect(call).resolves.toEqual({ success: true, data: { id: 12 } });
      expect(appStore.getState().alert).toMatchObject({ message: 'Job application submitted successfully', type: 'success' });
    });

    it('sends no resume part without a file, and alerts "Failed to apply job" with the error to show', async () => {
      const call = applyForJob({ ...APPLICATION, resume: null }, () => undefined);
      const xhr = await sent();
      expect((xhr.body as FormData).has('resume')).toBe(false);
      xhr.respond(400, { error: true, message: 'Invalid.', resume: ['No file was submitted.'] });
      const result = await call;
      expect(result.success).toBe(false);
      expect(!result.success && result.error instanceof ApiError && result.error.body.resume).toEqual(['No file was submitted.']);
      expect(appStore.getState().alert).toMatchObject({ message: 'Failed to apply job', type: 'error' });
    });
  });

  describe('postJob', () => {
    it('posts the job fields and the attachment as multipart to /api/service/jobs/, no alert on success', async () => {
      const call = postJob({ ...JOB_POST, attachment: pdf('pack.pdf') }, () => undefined);
      const xhr = await sent();
      expect([xhr.method, xhr.url]).toEqual(['POST', '/api/service/jobs/']);
      expect(entries(xhr.body).map(([name]) => name)).toEqual([
        'title',
        'company',
        'location',
        'postcode',
        'employment_type',
        'salary_min',
        'salary_max',
        'salary_period',
        'closes_at',
        'description',
        'attachment',
      ]);
      xhr.respond(201, { id: 57 });
      await expect(call).resolves.toEqual({ success: true, data: { id: 57 } });
      expect(appStore.getState().alert).toBeNull();
    });

    it('alerts "Failed to post job" on a refusal, and leaves out an attachment not chosen', async () => {
      const call = postJob({ ...JOB_POST, attachment: null }, () => undefined);
      const xhr = await sent();
      expect((xhr.body as FormData).has('attachment')).toBe(false);
      xhr.respond(413, { error: true, message: 'The file is over 5 MiB.' });
      expect((await call).success).toBe(false);
      expect(appStore.getState().alert).toMatchObject({ message: 'Failed to post job', type: 'error' });
    });
  });

  describe('sendRecruitment', () => {
    it('posts the recruitment body as JSON under the loader and alerts "Recruitment sent successfully"', async () => {
      let loadingDuringCall = false;
      api.on('POST /api/send-recruitment/', () => {
        loadingDuringCall = appStore.getState().loading;
        return { status: 201, body: { id: 9, message: 'Thank you.' } };
      });
      const result = await sendRecruitment({ ...RECRUITMENT, extra: 'not sent' } as typeof RECRUITMENT);
      expect(result).toEqual({ success: true, data: { id: 9, message: 'Thank you.' } });
      expect(api.callsTo('POST /api/send-recruitment/')[0]?.body).toEqual(RECRUITMENT);
      expect(loadingDuringCall).toBe(true);
      expect(appStore.getState().loading).toBe(false);
      expect(appStore.getState().alert).toMatchObject({ message: 'Recruitment sent successfully', type: 'success' });
    });

    it('alerts "Failed to send-recruitment" on a refusal or no answer', async () => {
      api.on('POST /api/send-recruitment/', { status: 400, body: { error: true, message: 'Invalid.', email: ['Enter a valid email address.'] } });
      expect((await sendRecruitment(RECRUITMENT)).success).toBe(false);
      expect(appStore.getState().alert).toMatchObject({ message: 'Failed to send-recruitment', type: 'error' });
      expect(appStore.getState().loading).toBe(false);

      appStore.setState({ alert: null });
      api.fetchMock.mockRejectedValueOnce(new TypeError('offline'));
      expect((await sendRecruitment(RECRUITMENT)).success).toBe(false);
      expect(appStore.getState().alert?.message).toBe('Failed to send-recruitment');
    });
  });

  describe('sendContact', () => {
    it('posts exactly the message\'s fields as JSON under the loader and alerts "Message sent successfully"', async () => {
      let loadingDuringCall = false;
      api.on('POST /api/contact/', () => {
        loadingDuringCall = appStore.getState().loading;
        return { status: 201, body: { id: 4, message: 'Thank you.' } };
      });
      const result = await sendContact({ ...CONTACT, extra: 'not sent' } as typeof CONTACT);
      expect(result).toEqual({ success: true, data: { id: 4, message: 'Thank you.' } });
      expect(api.callsTo('POST /api/contact/')[0]?.body).toEqual(CONTACT);
      expect(loadingDuringCall).toBe(true);
      expect(appStore.getState().loading).toBe(false);
      expect(appStore.getState().alert).toMatchObject({ message: 'Message sent successfully', type: 'success' });
    });

    it('alerts "Failed to send message" on a refusal, on too many requests or on no answer', async () => {
      api.on(
        'POST /api/contact/',
        { status: 400, body: { error: true, body: ['This field is required.'] } },
        { status: 429, body: { error: true, message: 'Too many requests. Try again later.' } },
      );
      const refused = await sendContact(CONTACT);
      expect(!refused.success && refused.error instanceof ApiError && refused.error.body.body).toEqual(['This field is required.']);
      expect(appStore.getState().alert).toMatchObject({ message: 'Failed to send message', type: 'error' });

      appStore.setState({ alert: null });
      const limited = await sendContact(CONTACT);
      expect(!limited.success && limited.error instanceof ApiError && limited.error.status).toBe(429);
      expect(appStore.getState().alert?.message).toBe('Failed to send message');

      appStore.setState({ alert: null });
      api.fetchMock.mockRejectedValueOnce(new TypeError('offline'));
      expect((await sendContact(CONTACT)).success).toBe(false);
      expect(appStore.getState().alert?.message).toBe('Failed to send message');
      expect(appStore.getState().loading).toBe(false);
    });
  });

  describe('registerJobSeeker', () => {
    it('posts the seeker\'s fields as multipart: kinds comma-separated, job_alerts as text, the CV', async () => {
      const call = registerJobSeeker({ ...SEEKER, cv: pdf() }, () => undefined);
      const xhr = await sent();
      expect([xhr.method, xhr.url]).toEqual(['POST', '/api/job-seekers/']);
      expect(entries(xhr.body)).toEqual([
        ['full_name', 'Sam Patel'],
        ['email', 'sam@example.co.uk'],
        ['phone_number', '07700 900456'],
        ['roles', 'Care assistant'],
        ['locations', ''],
        ['near', 'LS6 1AA'],
        ['within', '10'],
        ['employment_types', 'full_time,contract'],
        ['job_alerts', 'false'],
        ['cv', 'file cv.pdf'],
      ]);
      xhr.respond(201, { id: 4, message: 'You are registered. Check your email.' });
      await expect(call).resolves.toEqual({ success: true, data: { id: 4, message: 'You are registered. Check your email.' } });
      expect(appStore.getState().alert).toMatchObject({ message: 'You are registered. Check your email.', type: 'success' });
    });

    it('says registered in our words when the answer has no message', async () => {
      const call = registerJobSeeker({ ...SEEKER, job_alerts: true, cv: pdf() }, () => undefined);
      const xhr = await sent();
      expect((xhr.body as FormData).get('job_alerts')).toBe('true');
      xhr.respond(201, { id: 4 });
      expect(await call).toEqual({ success: true, data: { id: 4, message: JOB_SEEKER_ALERTS.registered } });
      expect(appStore.getState().alert?.message).toBe(JOB_SEEKER_ALERTS.registered);
    });

    it('alerts the server\'s message on a refusal, else "Failed to register"', async () => {
      const refused = registerJobSeeker({ ...SEEKER, cv: null }, () => undefined);
      (await sent()).respond(429, { error: true, message: 'Too many registrations from here. Try again in an hour.' });
      expect((await refused).success).toBe(false);
      expect(appStore.getState().alert).toMatchObject({ message: 'Too many registrations from here. Try again in an hour.', type: 'error' });

      const lost = registerJobSeeker({ ...SEEKER, cv: null }, () => undefined);
      (await sent()).fail();
      expect((await lost).success).toBe(false);
      expect(appStore.getState().alert).toMatchObject({ message: 'Failed to register', type: 'error' });
    });
  });
});
