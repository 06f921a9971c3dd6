import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { buttonNamed, click, listOf, setValue, signIn } from '../../lib/member-services/testing.ts';
import { resetServiceModule } from '../../lib/store/index.ts';
import ProviderSchedule from './index.tsx';

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
    t.api.on('GET /api/schedule/jobs/', { status: 200, body: listOf([offered]) }, { status: 200, body: listOf([accepted]) });
    t.api.on('POST /api/schedule/offers/9/accept/', { status: 204 });
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
    expect(t.api.callsTo('GET /api/schedule/jobs/')).toHaveLength(2);
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
    t.api.on('GET /api/schedule/jobs/', { status: 200, body: listOf([accepted]) }, { status: 200, body: listOf([]) });
    t.api.on('POST /api/schedule/jobs/41/hand-back/', { status: 204 });
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
    t.api.on('GET /api/schedule/jobs/', { status: 200, body: listOf([offered]) });
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
