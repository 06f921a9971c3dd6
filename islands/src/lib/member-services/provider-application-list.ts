// The signed-in member's provider applications on /become-provider, with their services'
// titles: one small store per page, read by the list island and by the runtime that draws the
// list before React loads (draw-viewer.ts), so that both show the same records. It hears of
// applications the form sends (onProviderApplied) and forgets everything when the account
// signs out or another signs in.
import { appStore } from '../store/app-store.ts';
import { APPLICATIONS_NOT_LOADED, type MemberProviderApplications } from './provider-application-state.ts';
import { fetchProviderApplications, onProviderApplied, type ProviderApplication } from './provider-records.ts';
import { fetchServiceTitle } from './service-titles.ts';

/** Whose list it is: the signed-in account (by its email), or null for nobody. */
function accountOf(): string | null {
  const { accessToken, email } = appStore.getState().session;
  return accessToken === null ? null : (email ?? '');
}

let state: MemberProviderApplications = APPLICATIONS_NOT_LOADED;
// Sent by the form on this page: the list may have been read before they were.
let sent: ProviderApplication[] = [];
// Withdrawn on this page: a list read before may still hold them.
const withdrawn = new Set<number>();
// Raised on sign-out, so that a load under way for the last account is dropped.
let generation = 0;
const listeners = new Set<() => void>();
let stopWatching: (() => void) | null = null;

function set(next: MemberProviderApplications): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

const withTitle = (titles: ReadonlyMap<number, string>, service: number, title: string | null): ReadonlyMap<number, string> =>
  title === null || titles.get(service) === title ? titles : new Map([...titles, [service, title]]);

function onApplied(application: ProviderApplication): void {
  sent.push(application);
  const asked = generation;
  void fetchServiceTitle(application.service).then((title) => {
    if (asked !== generation || state.status === 'idle') return;
    // Shown at once, even while the rest are read (they are merged in when they come).
    const rest = state.status === 'ready' ? state.items.filter((item) => item.id !== application.id) : [];
    set({ status: 'ready', items: [application, ...rest], titles: withTitle(state.titles, application.service, title) });
  });
}

/** Starts hearing of sent applications and of sign-out, once per page. */
function watch(): void {
  if (stopWatching !== null) return;
  const stopApplied = onProviderApplied(onApplied);
  let account = accountOf();
  const stopSession = appStore.subscribe(() => {
    const was = account;
    account = accountOf();
    if (was === null || was === account) return;
    // Signed out, or another account signed in (in another tab, say): nothing of the last
    // account stays for the next one.
    forgetAll();
    set(APPLICATIONS_NOT_LOADED);
  });
  stopWatching = () => {
    stopApplied();
    stopSession();
  };
}

/** The member's applications as loaded so far. */
export function memberProviderApplications(): MemberProviderApplications {
  return state;
}

/** Calls `listener` whenever the list changes; returns the way to stop. */
export function subscribeProviderApplications(listener: () => void): () => void {
  watch();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * `GET /api/service/providers/` and the titles of their services, once per page and account
 * (a signed-in member's only); a failure shows as `failed`.
 */
export async function loadMemberProviderApplications(): Promise<void> {
  if (state.status !== 'idle' || accountOf() === null) return;
  watch();
  const asked = generation;
  set({ ...state, status: 'loading' });
  const result = await fetchProviderApplications();
  if (asked !== generation) return;
  if (!result.success) {
    set({ ...state, status: 'failed' });
    return;
  }
  const services = [...new Set(result.data.map((item) => item.service))];
  const titles = await Promise.all(services.map((service) => fetchServiceTitle(service)));
  if (asked !== generation) return;
  // What was sent or withdrawn meanwhile counts too.
  const missing = sent.filter((application) => !result.data.some((item) => item.id === application.id)).reverse();
  const items = [...missing, ...result.data].filter((item) => !withdrawn.has(item.id));
  set({ status: 'ready', items, titles: services.reduce((known, service, index) => withTitle(known, service, titles[index] ?? null), state.titles) });
}

/** Drops what this page knows of the account, and a load under way for it. */
function forgetAll(): void {
  generation += 1;
  sent = [];
  withdrawn.clear();
}

/** An application changed by the member (its availability). */
export function replaceProviderApplication(changed: ProviderApplication): void {
  set({ ...state, items: state.items.map((item) => (item.id === changed.id ? changed : item)) });
}

/** An application the member withdrew. */
export function forgetProviderApplication(id: number): void {
  withdrawn.add(id);
  sent = sent.filter((application) => application.id !== id);
  set({ ...state, items: state.items.filter((item) => item.id !== id) });
}

/** Back to a fresh page (for the tests). */
export function resetProviderApplicationList(): void {
  stopWatching?.();
  stopWatching = null;
  listeners.clear();
  forgetAll();
  state = APPLICATIONS_NOT_LOADED;
}
