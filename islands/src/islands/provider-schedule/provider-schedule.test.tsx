import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { buttonNamed, click, listOf, setValue, signIn } from '../../lib/member-services/testing.ts';
import { resetServiceModule } from '../../lib/store/index.ts';
import type { ApiCall } from '../../../test/fake-api.ts';
import ProviderSchedule from './index.tsx';

type Job = Record<string, unknown>;

const hasButton = (root: ParentNode, text: string): boolean => Array.from(root.querySelectorAll('button')).some((button) => button.textContent?.startsWith(text));

/** `GET /api/schedule/jobs/` answering `when=upcoming` and `when=past` from `jobs` as it is at each call. */
const jobsFrom = (jobs: { upcoming: Job[]; past: Job[] }) => (call: ApiCall) => ({
  status: 200,
  body: listOf(new URL(call.url, 'http://localhost').searchParams.get('when') === 'past' ? jobs.past : jobs.upcoming),
});

const week = (monday: { from: string; to: string }[] = []) => ({ monday, tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] });

const terms = (extra: Record<string, unknown> = {}) => ({
  saved: false,
  areas: [],
  hours: week(),
  days_off: [],
  buffer_minutes: 30,
  notice_hours: 24,
  max_jobs_per_day: 4,
  paused: false,
  services: [{ provider: 7, service: 3, title: 'Boiler service', available: true }],
  ...extra,
});

const offered = {
  id: 41,
  service: { id: 3, title: 'Boiler service', slug: 'boiler-service' },
  date: '2030-01-15',
  time: '09:30',
  ends: '2030-01-15 10:30',
  length: 1,
  price_unit: 'fixed',
  address_line_1: '',
  city: 'Leeds',
  postcode: 'LS1',
  notes: '',
  customer_first_name: 'Amelia',
  status: 'Pending',
  dispatch: 'offered',
  offer: { id: 9, expires_at: '2030-01-14T11:00:00Z' },
  messages: null,
  can_complete: false,
  completed_at: null,
  review: null,
};

const accepted = {
  ...offered,
  address_line_1: '1 Park Row',
  postcode: 'LS1 4AP',
  notes: 'Key under the mat',
  dispatch: 'accepted',
  status: 'Confirmed',
  offer: null,
  messages: { link: '/bookings/messages?booking=41&reader=3&signature=cd', unread: 1 },
};

describe('provider-schedule', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
    resetServiceModule();
    t.api.on('GET /api/auth/profile/', () => new Promise(() => undefined));
  });

  afterEach(() => {
    resetServiceModule();
    localStorage.clear();
  });

  it('leaves its place empty in the server markup (the page explains itself without JavaScript)', () => {
    expect(loadServerBundle()('provider-schedule', '{}', 'provider-schedule-0-')).toBe('');
  });

  it('shows an offer with what the job needs, and accepting it answers the offer and reloads the schedule', async () => {
    signIn();
    t.api.on('GET /api/schedule/terms/', { status: 200, body: terms() });
    const jobs: { upcoming: Job[]; past: Job[] } = { upcoming: [offered], past: [] };
    t.api.on('GET /api/schedule/jobs/', jobsFrom(jobs));
    t.api.on('POST /api/schedule/offers/9/accept/', () => {
      jobs.upcoming = [accepted];
      return { status: 204 };
    });
    t.island = await hydrateServerMarkup('provider-schedule', ProviderSchedule);
    await settle();
    expect(t.island.errors).toEqual([]);
    const job = t.island.element.querySelector('li')!;
    expect(job.textContent).toContain('Offered to you');
    expect(job.textContent).toContain('15 Jan 2030, 09:30 to 10:30');
    expect(job.textContent).toContain('Leeds, LS1 (the address and notes once you accept)');
    expect(job.textContent).toContain('Amelia');

    await click(buttonNamed(job, 'Accept'));
    expect(t.api.callsTo('POST /api/schedule/offers/9/accept/')).toHaveLength(1);
    expect(t.api.callsTo('GET /api/schedule/jobs/')).toHaveLength(4);
    const taken = t.island.element.querySelector('li')!.textContent;
    expect(taken).toContain('Accepted');
    expect(taken).toContain('1 Park Row, Leeds, LS1 4AP');
    expect(taken).toContain('Key under the mat');
    expect(taken).not.toContain('once you accept');
    const thread = Array.from(t.island.element.querySelectorAll('li a')).find((a) => a.textContent?.startsWith('Messages'));
    expect(thread?.getAttribute('href')).toBe('/bookings/messages?booking=41&reader=3&signature=cd');
    expect(thread?.textContent).toBe('Messages (1 new) about Boiler service on Tue, 15 Jan 2030');
  });

  it('hands back an accepted job only after confirming', async () => {
    signIn();
    t.api.on('GET /api/schedule/terms/', { status: 200, body: terms() });
    const jobs: { upcoming: Job[]; past: Job[] } = { upcoming: [accepted], past: [] };
    t.api.on('GET /api/schedule/jobs/', jobsFrom(jobs));
    t.api.on('POST /api/schedule/jobs/41/hand-back/', () => {
      jobs.upcoming = [];
      return { status: 204 };
    });
    t.island = await hydrateServerMarkup('provider-schedule', ProviderSchedule);
    await settle();
    await click(buttonNamed(t.island.element, 'Hand back'));
    expect(t.api.callsTo('POST /api/schedule/jobs/41/hand-back/')).toHaveLength(0);
    expect(t.island.element.textContent).toContain('It will be offered to another provider, and the customer told.');
    await click(buttonNamed(t.island.element, 'Yes, hand it back'));
    expect(t.api.callsTo('POST /api/schedule/jobs/41/hand-back/')).toHaveLength(1);
    expect(t.island.element.textContent).toContain('No jobs yet.');
  });

  it("says an answer the server refused, in the server's words", async () => {
    signIn();
    t.api.on('GET /api/schedule/terms/', { status: 200, body: terms() });
    t.api.on('GET /api/schedule/jobs/', jobsFrom({ upcoming: [offered], past: [] }));
    t.api.on('POST /api/schedule/offers/9/decline/', { status: 409, body: { error: true, message: 'This offer is no longer open.' } });
    t.island = await hydrateServerMarkup('provider-schedule', ProviderSchedule);
    await settle();
    await click(buttonNamed(t.island.element, 'Decline'));
    expect(t.island.element.querySelector('[role="alert"]')?.textContent).toBe('This offer is no longer open.');
  });

  it('saves the working terms as typed, and shows the messages of the fields the server refused', async () => {
    signIn();
    t.api.on('GET /api/schedule/terms/', { status: 200, body: terms() });
    t.api.on('GET /api/schedule/jobs/', { status: 200, body: listOf([]) });
    t.api.on(
      'PUT /api/schedule/terms/',
      { status: 400, body: { error: true, message: 'LS99: We don\'t know that postcode area', areas: ["LS99: We don't know that postcode area"] } },
      { status: 200, body: terms({ saved: true, areas: [{ postcode: 'LS1', radius_miles: 12 }], hours: week([{ from: '09:00', to: '17:00' }]) }) },
    );
    t.api.on('GET /api/schedule/feed/', { status: 200, body: { url: 'https://brightway.example/api/schedule/calendar.ics?provider=5&signature=ab' } });
    t.island = await hydrateServerMarkup('provider-schedule', ProviderSchedule);
    await settle();
    const root = t.island.element;
    expect(root.textContent).toContain('No jobs yet.');
    expect(root.textContent).toContain('For every service you provide: Boiler service.');
    expect(root.textContent).not.toContain('Calendar feed');

    const [postcode, radius] = Array.from(root.querySelectorAll<HTMLInputElement>('fieldset input'));
    setValue(postcode!, 'LS99');
    setValue(radius!, '12');
    await click(buttonNamed(root, 'Add hours'));
    await click(buttonNamed(root, 'Save working terms'));
    expect(root.textContent).toContain("LS99: We don't know that postcode area");

    setValue(postcode!, 'LS1');
    await click(buttonNamed(root, 'Save working terms'));
    const sent = t.api.callsTo('PUT /api/schedule/terms/').map((call) => call.body as Record<string, unknown>);
    expect(sent[1]).toMatchObject({ areas: [{ postcode: 'LS1', radius_miles: '12' }], buffer_minutes: '30', notice_hours: '24', max_jobs_per_day: '4', paused: false });
    expect((sent[1]!.hours as Record<string, unknown>).monday).toEqual([{ from: '09:00', to: '17:00' }]);
    expect(root.textContent).toContain('Your working terms are saved.');
    expect(root.textContent).not.toContain('LS99');
    await settle();
    expect(root.querySelector<HTMLInputElement>('input[readonly]')?.value).toBe('https://brightway.example/api/schedule/calendar.ics?provider=5&signature=ab');
  });

  it('marks a started job done with notes for the customer, and the job then shows done', async () => {
    signIn();
    t.api.on('GET /api/schedule/terms/', { status: 200, body: terms() });
    const jobs: { upcoming: Job[]; past: Job[] } = { upcoming: [{ ...accepted, can_complete: true }], past: [] };
    t.api.on('GET /api/schedule/jobs/', jobsFrom(jobs));
    t.api.on('POST /api/schedule/jobs/41/complete/', () => {
      jobs.upcoming = [{ ...accepted, status: 'Completed', completed_at: '2030-01-15T10:30:00Z' }];
      return { status: 204 };
    });
    t.island = await hydrateServerMarkup('provider-schedule', ProviderSchedule);
    await settle();
    const root = t.island.element;
    expect(hasButton(root, 'Hand back')).toBe(false);
    await click(buttonNamed(root, 'Mark done'));
    expect(t.api.callsTo('POST /api/schedule/jobs/41/complete/')).toHaveLength(0);
    expect(root.textContent).toContain('The customer sees your notes and photos');
    setValue(root.querySelector<HTMLTextAreaElement>('textarea[name="notes"]')!, '  Boiler serviced; flue checked.  ');
    await click(buttonNamed(root, 'Mark done'));
    const [sent] = t.api.callsTo('POST /api/schedule/jobs/41/complete/');
    const form = sent!.body as FormData;
    expect(form.get('notes')).toBe('Boiler serviced; flue checked.');
    expect(form.has('photo')).toBe(false);
    expect(root.querySelector('li')!.textContent).toContain('Done');
    expect(hasButton(root, 'Mark done')).toBe(false);
  });

  it("answers a customer's review once, publicly, and then shows the answer", async () => {
    signIn();
    t.api.on('GET /api/schedule/terms/', { status: 200, body: terms() });
    const done = { ...accepted, status: 'Completed', completed_at: '2030-01-15T10:30:00Z', review: { id: 5, rating: 4, review: 'Quick and tidy.', answer: null } };
    const jobs: { upcoming: Job[]; past: Job[] } = { upcoming: [], past: [done] };
    t.api.on('GET /api/schedule/jobs/', jobsFrom(jobs));
    t.api.on('POST /api/reviews/5/answer/', () => {
      jobs.past = [{ ...done, review: { ...done.review, answer: 'Thank you, Amelia.' } }];
      return { status: 201, body: {} };
    });
    t.island = await hydrateServerMarkup('provider-schedule', ProviderSchedule);
    await settle();
    const root = t.island.element;
    expect(root.textContent).toContain('Past jobs');
    expect(root.textContent).toContain('Rated 4 out of 5: Quick and tidy.');
    await click(buttonNamed(root, 'Answer publicly'));
    expect(root.querySelector('[role="alert"]')?.textContent).toBe('Write your answer first.');
    expect(t.api.callsTo('POST /api/reviews/5/answer/')).toHaveLength(0);
    setValue(root.querySelector<HTMLTextAreaElement>('textarea[name="answer"]')!, 'Thank you, Amelia.');
    await click(buttonNamed(root, 'Answer publicly'));
    expect(t.api.callsTo('POST /api/reviews/5/answer/')[0]!.body).toEqual({ answer: 'Thank you, Amelia.' });
    expect(root.textContent).toContain('Your answer: Thank you, Amelia.');
    expect(root.querySelector('textarea[name="answer"]')).toBeNull();
  });

  it('tells a member who provides nothing how to become a provider', async () => {
    signIn();
    t.api.on('GET /api/schedule/terms/', { status: 200, body: terms({ services: [] }) });
    t.api.on('GET /api/schedule/jobs/', { status: 200, body: listOf([]) });
    t.island = await hydrateServerMarkup('provider-schedule', ProviderSchedule);
    await settle();
    expect(t.island.element.textContent).toContain('You do not provide a service yet');
    expect(t.island.element.querySelector('a[href="/become-provider"]')).not.toBeNull();
  });
});
