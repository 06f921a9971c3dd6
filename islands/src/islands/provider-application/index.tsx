import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { TextAreaField, TextField } from '../../lib/account/form-controls.tsx';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';
import { ConfirmStep, MemberFields, MemberSubmit } from '../../lib/member-services/controls.tsx';
import {
  applyAsProvider,
  fetchCategoryServices,
  fetchProviderApplications,
  setProviderAvailability,
  withdrawProviderApplication,
  type ProviderApplication,
  type Service,
} from '../../lib/member-services/providers.ts';
import { useServiceTitle } from '../../lib/member-services/use-service-title.ts';
import { Fact, RecordActions, RecordCard, StatusTag } from '../../lib/record-card/record-card.tsx';
import { restoreSession, useAppStore } from '../../lib/store/index.ts';

export interface ProviderCategory {
  readonly slug: string;
  readonly name: string;
  /** How many Open services it has. */
  readonly count: number;
}

export interface ProviderApplicationProps {
  /** The categories that have Open services, in the site's order. */
  readonly categories?: unknown;
  /** The service of `/become-provider?service=N`, or null. */
  readonly selected?: unknown;
}

interface SelectedService {
  readonly id: number;
  readonly title: string;
  readonly category: string;
}

const PAGE = '/become-provider';
const FIELDS = ['service', 'bio', 'experience_years', 'availability'] as const;

function categoriesOf(value: unknown): ProviderCategory[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is ProviderCategory =>
      item !== null && typeof item === 'object' && typeof item.slug === 'string' && typeof item.name === 'string' && typeof item.count === 'number',
  );
}

function selectedOf(value: unknown): SelectedService | null {
  if (value === null || typeof value !== 'object') return null;
  const { id, title, category } = value as Record<string, unknown>;
  return typeof id === 'number' && typeof title === 'string' && typeof category === 'string' ? { id, title, category } : null;
}

type ServicesLoad = { readonly state: 'loading' } | { readonly state: 'failed' } | { readonly state: 'ready'; readonly services: readonly Service[] };

/**
 * /become-provider: a signed-in member chooses a category, then a service in it (the catalogue
 * has thousands: never one list of all), says what they offer and whether they take bookings
 * now, and applies (`POST /api/service/providers/`). Below, their applications with their
 * status, an availability switch and a way to withdraw. The server renders the form as anyone
 * but a member sees it: its fields disabled, the chosen service (`?service=N`) already in
 * them, and a way to sign in that comes back here in place of its button.
 */
export default function ProviderApplicationIsland(props: ProviderApplicationProps) {
  const categories = categoriesOf(props.categories);
  const selected = selectedOf(props.selected);
  // While hydrating, the viewer the markup shows (the store's server snapshot): the markup agrees.
  const signedIn = useAppStore((state) => state.session.accessToken !== null);
  const [applications, setApplications] = useState<readonly ProviderApplication[] | 'loading' | 'failed'>('loading');
  const [titles, setTitles] = useState<ReadonlyMap<number, string>>(() => new Map(selected === null ? [] : [[selected.id, selected.title]]));

  useEffect(() => {
    restoreSession();
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void fetchProviderApplications().then((result) => {
      if (live) setApplications(result.success ? result.data : 'failed');
    });
    return () => {
      live = false;
    };
  }, [signedIn]);

  const learnTitles = useCallback((services: readonly Service[]) => {
    setTitles((known) => {
      const next = new Map(known);
      for (const service of services) next.set(service.id, service.title);
      return next;
    });
  }, []);

  return (
    <div className="isl-provider">
      <ApplicationForm
        categories={categories}
        selected={selected}
        member={signedIn}
        onServices={learnTitles}
        onApplied={(application) => setApplications((list) => [application, ...(Array.isArray(list) ? list : [])])}
      />
      {signedIn && (
        <Applications
          applications={applications}
          titles={titles}
          onChange={(changed) => setApplications((list) => (Array.isArray(list) ? list.map((item) => (item.id === changed.id ? changed : item)) : list))}
          onWithdrawn={(id) => setApplications((list) => (Array.isArray(list) ? list.filter((item) => item.id !== id) : list))}
        />
      )}
    </div>
  );
}

function ApplicationForm(props: {
  categories: readonly ProviderCategory[];
  selected: SelectedService | null;
  member: boolean;
  onServices: (services: readonly Service[]) => void;
  onApplied: (application: ProviderApplication) => void;
}) {
  const { categories, selected, member, onServices, onApplied } = props;
  const id = useId();
  const [category, setCategory] = useState(selected?.category ?? '');
  const [service, setService] = useState(selected === null ? '' : String(selected.id));
  const [loads, setLoads] = useState<ReadonlyMap<string, ServicesLoad>>(new Map());
  const requested = useRef(new Set<string>());
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    // A visitor's fields are disabled: nothing to choose from.
    if (!member || category === '' || requested.current.has(category)) return;
    requested.current.add(category);
    setLoads((map) => new Map(map).set(category, { state: 'loading' }));
    void fetchCategoryServices(category).then((result) => {
      if (result.success) onServices(result.data);
      setLoads((map) => new Map(map).set(category, result.success ? { state: 'ready', services: result.data } : { state: 'failed' }));
      if (!result.success) requested.current.delete(category);
    });
  }, [member, category, onServices, retry]);

  const send = useCallback(
    async (data: FormData, form: HTMLFormElement) => {
      const years = formText(data, 'experience_years').trim();
      const result = await applyAsProvider({
        service: Number(formText(data, 'service')),
        bio: formText(data, 'bio').trim(),
        // An empty or unreadable number goes as null: the server names the field.
        experience_years: years === '' ? Number.NaN : Number(years),
        availability: data.get('availability') !== null,
      });
      if (result.success) {
        form.reset();
        // Applied once per service: the next application is for another one.
        setService('');
        onApplied(result.data);
      }
      return result;
    },
    [onApplied],
  );
  const form = useAccountForm(FIELDS, send);

  const load = category === '' ? undefined : loads.get(category);
  const services = load?.state === 'ready' ? load.services : selected !== null && selected.category === category ? [selected] : [];
  const chosen = categories.find((item) => item.slug === category);
  const serviceHint =
    category === ''
      ? 'Choose a category first.'
      : !member
        ? 'Sign in to see the services of this category.'
        : load?.state === 'loading'
        ? 'Loading the services…'
        : load?.state === 'failed'
          ? 'We could not load the services of this category.'
          : `${services.length} service${services.length === 1 ? '' : 's'} in ${chosen?.name ?? 'this category'}.`;

  return (
    <form className="form isl-provider-form" ref={form.formRef} onSubmit={form.onSubmit} onInput={form.onInput}>
      <MemberFields member={member}>
        <div className="form-row">
          <div className="field">
            <label className="field-label" htmlFor={`${id}-category`}>
              Category
            </label>
            <select
              id={`${id}-category`}
              name="category"
              required
              value={category}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setCategory(next);
                setService('');
              }}
            >
              <option value="">Choose a category…</option>
              {categories.map((item) => (
                <option key={item.slug} value={item.slug}>
                  {item.name} ({item.count})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-service`}>
              Service
            </label>
            <p className="field-hint" id={`${id}-service-hint`} aria-live="polite">
              {serviceHint}
              {load?.state === 'failed' && (
                <>
                  {' '}
                  <button className="button button--secondary" type="button" onClick={() => setRetry((count) => count + 1)}>
                    Try again
                  </button>
                </>
              )}
            </p>
            <select
              id={`${id}-service`}
              name="service"
              required
              value={service}
              disabled={category === '' || services.length === 0}
              aria-describedby={form.errors.service === undefined ? `${id}-service-hint` : `${id}-service-hint ${id}-service-error`}
              aria-invalid={form.errors.service === undefined ? undefined : true}
              onChange={(event) => setService(event.currentTarget.value)}
            >
              <option value="">Choose a service…</option>
              {services.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.title}
                </option>
              ))}
            </select>
            {form.errors.service !== undefined && (
              <p className="isl-field-error" id={`${id}-service-error`}>
                {form.errors.service}
              </p>
            )}
          </div>
        </div>
        <TextAreaField
          name="bio"
          label="About you"
          rows={6}
          hint="Your experience, qualifications and the areas you cover. Customers see this."
          error={form.errors.bio}
        />
        <TextField
          name="experience_years"
          label="Years of experience"
          type="number"
          min="0"
          inputMode="numeric"
          error={form.errors.experience_years}
        />
        <div className="field">
          <label className="choice">
            <input type="checkbox" name="availability" defaultChecked /> I can take bookings now
          </label>
          {form.errors.availability !== undefined && <p className="isl-field-error">{form.errors.availability}</p>}
        </div>
      </MemberFields>
      <MemberSubmit
        member={member}
        busy={form.submitting}
        label="Send application"
        signInFor="to apply, so that we can keep you updated on your application."
        path={selected === null ? PAGE : `${PAGE}?service=${selected.id}`}
      />
    </form>
  );
}

function Applications(props: {
  applications: readonly ProviderApplication[] | 'loading' | 'failed';
  titles: ReadonlyMap<number, string>;
  onChange: (changed: ProviderApplication) => void;
  onWithdrawn: (id: number) => void;
}) {
  const headingId = useId();
  const { applications } = props;
  return (
    <section className="isl-provider__applications" aria-labelledby={headingId}>
      <h2 id={headingId}>Your provider applications</h2>
      {applications === 'loading' ? (
        <p className="isl-status" role="status">
          Loading your applications…
        </p>
      ) : applications === 'failed' ? (
        <p className="isl-status">We could not load your applications. Reload the page to try again.</p>
      ) : applications.length === 0 ? (
        <p>You have not applied to provide a service yet.</p>
      ) : (
        <ul className="isl-records">
          {applications.map((application) => (
            <ApplicationItem
              key={application.id}
              application={application}
              knownTitle={props.titles.get(application.service)}
              onChange={props.onChange}
              onWithdrawn={props.onWithdrawn}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ApplicationItem(props: {
  application: ProviderApplication;
  knownTitle: string | undefined;
  onChange: (changed: ProviderApplication) => void;
  onWithdrawn: (id: number) => void;
}) {
  const { application } = props;
  const title = useServiceTitle(application.service, props.knownTitle);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const toggle = (): void => {
    setBusy(true);
    void setProviderAvailability(application.id, !application.availability).then((result) => {
      setBusy(false);
      if (result.success) props.onChange(result.data);
    });
  };

  const withdraw = (): void => {
    setBusy(true);
    void withdrawProviderApplication(application.id).then((result) => {
      if (result.success) {
        props.onWithdrawn(application.id);
        return;
      }
      setBusy(false);
      setConfirming(false);
    });
  };

  return (
    <RecordCard
      level={3}
      title={<a href={`/services/details?id=${application.service}`}>{title}</a>}
      tag={<StatusTag status={application.status} />}
      facts={
        <>
          <Fact term="Experience">
            {application.experience_years} year{application.experience_years === 1 ? '' : 's'}
          </Fact>
          <Fact term="Applied">
            <time dateTime={application.created_at}>{application.created_at.slice(0, 10)}</time>
          </Fact>
        </>
      }
    >
      <label className="choice isl-switch">
        <input type="checkbox" role="switch" checked={application.availability} disabled={busy} onChange={toggle} />{' '}
        Taking bookings<span className="visually-hidden"> for {title}</span>
      </label>
      {confirming ? (
        <ConfirmStep
          question={`Withdraw your application to provide ${title}?`}
          confirmLabel="Yes, withdraw it"
          keepLabel="Keep it"
          busy={busy}
          onConfirm={withdraw}
          onKeep={() => setConfirming(false)}
        />
      ) : (
        <RecordActions>
          <button className="button button--secondary" type="button" disabled={busy} onClick={() => setConfirming(true)}>
            Withdraw<span className="visually-hidden"> your application for {title}</span>
          </button>
        </RecordActions>
      )}
    </RecordCard>
  );
}
