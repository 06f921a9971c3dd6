import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { TextAreaField, TextField } from '../../lib/account/form-controls.tsx';
import { formText, useAccountForm } from '../../lib/account/use-account-form.ts';
import { isShownTo } from '../../lib/member-services/audience.ts';
import { MemberFields, MemberSubmit } from '../../lib/member-services/controls.tsx';
import { applyAsProvider, fetchCategoryServices, type Service } from '../../lib/member-services/providers.ts';
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
 * now, and applies (`POST /api/service/providers/`); their applications are listed below by
 * the `provider-applications` island, which hears of each one sent. The server renders the
 * form as anyone but a member sees it: its fields disabled, the chosen service (`?service=N`)
 * already in them, and a way to sign in that comes back here in place of its button.
 */
export default function ProviderApplicationIsland(props: ProviderApplicationProps) {
  const categories = categoriesOf(props.categories);
  const selected = selectedOf(props.selected);
  // While hydrating, the viewer the markup shows (the store's server snapshot): the markup agrees.
  const signedIn = useAppStore((state) => state.session.accessToken !== null);

  useEffect(() => {
    restoreSession();
  }, []);

  return (
    <div className="isl-provider">
      <ApplicationForm categories={categories} selected={selected} member={signedIn} />
    </div>
  );
}

/** "12 services in Cleaning.": before they are loaded, the count the category shows. */
const serviceCount = (count: number, category: string | undefined): string =>
  `${count} service${count === 1 ? '' : 's'} in ${category ?? 'this category'}.`;

function ApplicationForm(props: { categories: readonly ProviderCategory[]; selected: SelectedService | null; member: boolean }) {
  const { categories, selected, member } = props;
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
      setLoads((map) => new Map(map).set(category, result.success ? { state: 'ready', services: result.data } : { state: 'failed' }));
      if (!result.success) requested.current.delete(category);
    });
  }, [member, category, retry]);

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
      }
      return result;
    },
    [],
  );
  const form = useAccountForm(FIELDS, send);

  const load = category === '' ? undefined : loads.get(category);
  const services = load?.state === 'ready' ? load.services : selected !== null && selected.category === category ? [selected] : [];
  const chosen = categories.find((item) => item.slug === category);
  const memberHint =
    load?.state === 'loading'
      ? 'Loading the services…'
      : load?.state === 'failed'
        ? 'We could not load the services of this category.'
        : serviceCount(load?.state === 'ready' ? services.length : (chosen?.count ?? services.length), chosen?.name);

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
              {category === '' ? (
                'Choose a category first.'
              ) : (
                // Both, the other audience's hidden: the runtime shows a member theirs (audience.ts).
                <>
                  <span data-for="visitor" hidden={!isShownTo('visitor', member)}>
                    Sign in to see the services of this category.
                  </span>
                  <span data-for="member" hidden={!isShownTo('member', member)}>
                    {memberHint}
                  </span>
                </>
              )}
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
