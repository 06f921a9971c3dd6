// How the member's list of provider applications looks, for React's render and for the runtime
// that draws it without React before the list is first reached for (draw-viewer.ts): the same
// texts and ids, and markup built node for node as React renders it (the draw-viewer tests
// compare the two).
import type { MemberProviderApplications } from './provider-application-state.ts';
import type { ProviderApplication } from './provider-records.ts';
import { ukDay } from './uk-dates.ts';

/** The title an application's service is shown by: "Service N" where the API gave none. */
export const serviceTitleOf = (list: MemberProviderApplications, application: ProviderApplication): string =>
  list.titles.get(application.service) ?? `Service ${application.service}`;

/** The id of a record's heading, known to both renderings (React's own ids are not). */
export const applicationHeadingId = (application: ProviderApplication): string => `provider-application-${application.id}`;

/** `1 year`, `3 years`. */
export const experienceText = (application: ProviderApplication): string =>
  `${application.experience_years} year${application.experience_years === 1 ? '' : 's'}`;

type Child = Node | string;

function element(tag: string, attributes: Readonly<Record<string, string>>, ...children: readonly Child[]): HTMLElement {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  made.append(...children);
  return made;
}

function fact(term: string, detail: Child): HTMLElement {
  return element('div', {}, element('dt', {}, term), element('dd', {}, detail));
}

/** One record, as `ApplicationItem` renders it before any press. */
function applicationRecord(application: ProviderApplication, title: string): HTMLElement {
  const headingId = applicationHeadingId(application);
  const link = `/services/details?id=${application.service}`;
  const toggle = element('input', { type: 'checkbox', role: 'switch' });
  if (application.availability) toggle.setAttribute('checked', '');
  return element(
    'li',
    { class: 'card isl-record', 'aria-labelledby': headingId },
    element(
      'div',
      { class: 'isl-record__head' },
      element('h3', { class: 'isl-record__title', id: headingId }, element('a', { href: link }, title)),
      element('span', { class: `isl-tag isl-tag--${application.status.toLowerCase()}` }, application.status),
    ),
    element(
      'dl',
      { class: 'facts isl-record__facts' },
      fact('Experience', experienceText(application)),
      fact('Applied', element('time', { datetime: application.created_at }, ukDay(application.created_at))),
    ),
    element('label', { class: 'choice isl-switch' }, toggle, ' Taking bookings', element('span', { class: 'visually-hidden' }, ` for ${title}`)),
    element(
      'div',
      { class: 'isl-record__actions' },
      element(
        'button',
        { class: 'button button--secondary', type: 'button' },
        'Withdraw',
        element('span', { class: 'visually-hidden' }, ` your application for ${title}`),
      ),
    ),
  );
}

/** What follows the list's heading for `list`, as `Applications` renders it. */
function listBody(list: MemberProviderApplications): HTMLElement {
  if (list.status === 'idle' || list.status === 'loading') return element('p', { class: 'isl-status', role: 'status' }, 'Loading your applications…');
  if (list.status === 'failed') return element('p', { class: 'isl-status' }, 'We could not load your applications. Reload the page to try again.');
  if (list.items.length === 0) return element('p', {}, 'You have not applied to provide a service yet.');
  return element('ul', { class: 'isl-records' }, ...list.items.map((application) => applicationRecord(application, serviceTitleOf(list, application))));
}

/** Draws `list` in the server's markup of the list (`root` holds its section), after the heading. */
export function drawProviderApplications(root: ParentNode, list: MemberProviderApplications): void {
  const heading = root.querySelector('section.isl-provider__applications > h2');
  if (heading === null) return;
  while (heading.nextSibling !== null) heading.nextSibling.remove();
  heading.after(listBody(list));
}
