import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAccountFormTest } from '../../../test/account-form.ts';
import { settle } from '../../../test/forms.ts';
import { hydrateServerMarkup } from '../../../test/hydrate-server-markup.ts';
import { loadServerBundle } from '../../../test/server-bundle.ts';
import { jobApplication } from '../../lib/jobs/testing.ts';
import { resetProviderModule } from '../../lib/member-services/providers.ts';
import { buttonNamed, click, listOf, signIn } from '../../lib/member-services/testing.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { appStore, resetServiceModule } from '../../lib/store/index.ts';
import JobApplicationList from './index.tsx';

vi.mock('../../lib/navigation/navigate.ts', () => ({ navigate: vi.fn() }));

const provider = (id: number, service: number, extra: Record<string, unknown> = {}) => ({
  id,
  service,
  status: 'Pending',
  availability: true,
  bio: 'Ten years of cleaning.',
  experience_years: 10,
  created_at: '2030-01-04T10:00:00Z',
  ...extra,
});
const service = (id: number, title: string) => ({ id, slug: `service-${id}`, title });

/** The section headed `heading`. */
function section(root: HTMLElement, heading: string): HTMLElement {
  const found = Array.from(root.querySelectorAll('section')).find((element) => element.querySelector('h2')?.textContent === heading);
  if (found === undefined) throw new Error(`no section "${heading}"`);
  return found;
}
const items = (root: HTMLElement) => Array.from(root.querySelectorAll('li'));
const titles = (root: HTMLElement) => items(root).map((item) => item.querySelector('h3')?.textContent);

describe('job-application-list', () => {
  const t = setUpAccountFormTest();

  beforeEach(() => {
    localStorage.clear();
    resetServiceModule();
    resetProviderModule();
    t.api.on('GET /api/auth/profile/', () => new Promise(() => undefined));
  });

  afterEach(() => {
    resetServiceModule();
    localStorage.clear();
    vi.mocked(navigate).mockClear();
  });

  async function hydrate(): Promise<HTMLElement> {
    t.island = await hydrateServerMarkup('job-application-list', JobApplicationList);
    await settle();
    expect(t.island.errors).toEqual([]);
    return t.island.element;
  }

  it('leaves its place empty in the server markup, and stays empty for a visitor (the member guard sends them to login)', async () => {
    expect(loadServerBundle()('job-application-list', '{}', 'job-application-list-0-')).toBe('');
    const root = await hydrate();
    expect(root.innerHTML).toBe('');
    expect(t.api.calls.filter((call) => call.path !== '/api/auth/profile/')).toEqual([]);
  });

  it('lists the job applications (job link, company, day applied in UK time, status, CV) and the provider applications (service title, status)', async () => {
    signIn();
    t.api.on('GET /api/service/applications/', {
      status: 200,
      body: listOf([jobApplication(2, { status: 'Shortlisted', created_at: '2030-06-05T23:30:00Z' }), jobApplication(1, { job: { id: 9, title: 'Cook', company: 'The Inn', status: 'Closed' } })]),
    });
    t.api.on('GET /api/service/providers/', {
      status: 200,
      body: listOf([provider(6, 40, { status: 'Approved' }), provider(7, 40, { status: 'Rejected', decision_reason: 'We need a DBS certificate first.' })]),
    });
    t.api.on('GET /api/service/40/', { status: 200, body: service(40, 'Oven cleaning') });
    const root = await hydrate();

    const jobs = section(root, 'Job applications');
    const [first, second] = items(jobs);
    expect(first!.querySelector('h3 a')?.getAttribute('href')).toBe('/apply?id=3');
    expect(first!.querySelector('h3')?.textContent).toBe('Care assistant');
    expect(first!.textContent).toContain('Pennine Care Partners');
    expect(first!.textContent, '23:30 UTC in June is the next day in the UK').toContain('6 Jun 2030');
    expect(first!.querySelector('.isl-tag')?.textContent).toBe('Shortlisted');
    const cv = Array.from(first!.querySelectorAll('a')).find((link) => link.textContent?.startsWith('Your CV'));
    expect(cv?.getAttribute('href')).toBe('https://files.example/cv-2.pdf?signature=abc');
    expect(cv?.getAttribute('target')).toBe('_blank');
    expect(second!.querySelector('h3 a')?.getAttribute('href')).toBe('/apply?id=9');
    expect(second!.textContent).toContain('The Inn');
    expect(second!.querySelector('.isl-tag')?.textContent).toBe('Submitted');

    const providers = section(root, 'Service provider applications');
    const [approved, rejected] = items(providers);
    expect(items(providers)).toHaveLength(2);
    expect(approved!.querySelector('h3 a')?.getAttribute('href')).toBe('/services/details?id=40');
    expect(approved!.querySelector('h3')?.textContent).toBe('Oven cleaning');
    expect(approved!.querySelector('.isl-tag')?.textContent).toBe('Approved');
    expect(approved!.textContent).not.toContain('Our reason');
    expect(rejected!.querySelector('.isl-tag')?.textContent).toBe('Rejected');
    expect(rejected!.textContent, 'the member reads why').toContain('Our reasonWe need a DBS certificate first.');
  });

  it('withdraws a job application only after confirming: DELETE, "Application deleted successfully", the row leaves and focus stays in the list', async () => {
    signIn();
    t.api.on('GET /api/service/applications/', { status: 200, body: listOf([jobApplication(2), jobApplication(1, { job: { id: 9, title: 'Cook', company: 'The Inn', status: 'Open' } })]) });
    t.api.on('GET /api/service/providers/', { status: 200, body: listOf([]) });
    t.api.on('DELETE /api/service/applications/2/', { status: 204 });
    const root = await hydrate();
    const jobs = section(root, 'Job applications');

    await click(buttonNamed(items(jobs)[0]!, 'Withdraw'));
    expect(jobs.textContent).toContain('Withdraw your application for Care assistant at Pennine Care Partners?');
    expect(t.api.callsTo('DELETE /api/service/applications/2/')).toHaveLength(0);
    await click(buttonNamed(jobs, 'Keep it'));
    expect(t.api.callsTo('DELETE /api/service/applications/2/')).toHaveLength(0);
    expect(document.activeElement, 'back on the button the question replaced').toBe(buttonNamed(items(jobs)[0]!, 'Withdraw'));

    await click(buttonNamed(items(jobs)[0]!, 'Withdraw'));
    await click(buttonNamed(jobs, 'Yes, withdraw it'));
    expect(t.api.callsTo('DELETE /api/service/applications/2/')).toHaveLength(1);
    expect(appStore.getState().alert).toMatchObject({ message: 'Application deleted successfully', type: 'success' });
    expect(appStore.getState().loading).toBe(false);
    expect(titles(jobs)).toEqual(['Cook']);
    expect(document.activeElement).toBe(jobs.querySelector('ul[aria-label="Your job applications"]'));
  });

  it('after withdrawing the last job application says so, with a way to find jobs, and focuses that', async () => {
    signIn();
    t.api.on('GET /api/service/applications/', { status: 200, body: listOf([jobApplication(2)]) });
    t.api.on('GET /api/service/providers/', { status: 200, body: listOf([]) });
    t.api.on('DELETE /api/service/applications/2/', { status: 204 });
    const root = await hydrate();
    const jobs = section(root, 'Job applications');

    await click(buttonNamed(jobs, 'Withdraw'));
    await click(buttonNamed(jobs, 'Yes, withdraw it'));
    expect(items(jobs)).toEqual([]);
    expect(jobs.querySelector('a[href="/jobs"]')).not.toBeNull();
    expect(document.activeElement?.textContent).toBe('No job applications yet');
  });

  it('a refused withdrawal alerts "Failed to delete application" and keeps the row', async () => {
    signIn();
    t.api.on('GET /api/service/applications/', { status: 200, body: listOf([jobApplication(2)]) });
    t.api.on('GET /api/service/providers/', { status: 200, body: listOf([]) });
    t.api.on('DELETE /api/service/applications/2/', { status: 404, body: { error: true, message: 'Not found.' } });
    const root = await hydrate();
    const jobs = section(root, 'Job applications');

    await click(buttonNamed(jobs, 'Withdraw'));
    await click(buttonNamed(jobs, 'Yes, withdraw it'));
    expect(appStore.getState().alert).toMatchObject({ message: 'Failed to delete application', type: 'error' });
    expect(appStore.getState().loading).toBe(false);
    expect(titles(jobs)).toEqual(['Care assistant']);
    expect(document.activeElement).toBe(buttonNamed(jobs, 'Withdraw'));
  });

  it('withdraws a provider application with DELETE /api/service/providers/{id}/ and the same alerts', async () => {
    signIn();
    t.api.on('GET /api/service/applications/', { status: 200, body: listOf([]) });
    t.api.on('GET /api/service/providers/', { status: 200, body: listOf([provider(6, 40), provider(5, 41)]) });
    t.api.on('GET /api/service/40/', { status: 200, body: service(40, 'Oven cleaning') });
    t.api.on('GET /api/service/41/', { status: 200, body: service(41, 'Deep clean') });
    t.api.on('DELETE /api/service/providers/6/', { status: 204 });
    t.api.on('DELETE /api/service/providers/5/', { status: 500, body: { error: true, message: 'Server error.' } });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const root = await hydrate();
    const providers = section(root, 'Service provider applications');

    await click(buttonNamed(items(providers)[0]!, 'Withdraw'));
    expect(providers.textContent).toContain('Withdraw your application to provide Oven cleaning?');
    await click(buttonNamed(providers, 'Yes, withdraw it'));
    expect(t.api.callsTo('DELETE /api/service/providers/6/')).toHaveLength(1);
    expect(appStore.getState().alert).toMatchObject({ message: 'Application deleted successfully', type: 'success' });
    expect(titles(providers)).toEqual(['Deep clean']);
    expect(document.activeElement).toBe(providers.querySelector('ul[aria-label="Your provider applications"]'));

    await click(buttonNamed(providers, 'Withdraw'));
    await click(buttonNamed(providers, 'Yes, withdraw it'));
    expect(t.api.callsTo('DELETE /api/service/providers/5/')).toHaveLength(1);
    expect(appStore.getState().alert).toMatchObject({ message: 'Failed to delete application', type: 'error' });
    expect(titles(providers)).toEqual(['Deep clean']);
    expect(appStore.getState().loading).toBe(false);
  });

  it('says so when there are none, with a way to find jobs and to become a provider', async () => {
    signIn();
    t.api.on('GET /api/service/applications/', { status: 200, body: listOf([]) });
    t.api.on('GET /api/service/providers/', { status: 200, body: listOf([]) });
    const root = await hydrate();
    expect(section(root, 'Job applications').textContent).toContain('No job applications yet');
    expect(section(root, 'Job applications').querySelector('a[href="/jobs"]')).not.toBeNull();
    expect(section(root, 'Service provider applications').textContent).toContain('No provider applications yet');
    expect(section(root, 'Service provider applications').querySelector('a[href="/become-provider"]')).not.toBeNull();
  });

  it('when a list cannot be loaded says so in its section, without an alert, and tries again on request', async () => {
    signIn();
    t.api.on('GET /api/service/applications/', { status: 500, body: { error: true, message: 'Server error.' } }, { status: 200, body: listOf([jobApplication(2)]) });
    t.api.on('GET /api/service/providers/', { status: 200, body: listOf([]) });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const root = await hydrate();
    const jobs = section(root, 'Job applications');
    expect(jobs.textContent).toContain('We could not load your job applications.');
    expect(section(root, 'Service provider applications').textContent).toContain('No provider applications yet');
    expect(appStore.getState().alert).toBeNull();

    await click(buttonNamed(jobs, 'Try again'));
    expect(titles(jobs)).toEqual(['Care assistant']);
  });
});
