// What the member's list of provider applications holds (provider-application-list.ts keeps it),
// apart from the list's code: the viewer state every island reads names it, and needs none of
// the code that loads it.
import type { ProviderApplication } from './provider-records.ts';

export interface MemberProviderApplications {
  readonly status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Newest first. */
  readonly items: readonly ProviderApplication[];
  /** The titles of their services by service id, where the API gave one. */
  readonly titles: ReadonlyMap<number, string>;
}

/** Before anything is asked (and a visitor's: none). */
export const APPLICATIONS_NOT_LOADED: MemberProviderApplications = Object.freeze({ status: 'idle', items: Object.freeze([]), titles: new Map() });
