// A form only a member sends shows anyone else its fields disabled and a way to sign in; a
// member, the same fields enabled and its button. Both versions are in the markup, the other
// audience's hidden, so that the runtime can show a member theirs without React
// (draw-viewer.ts) by the same rule React renders with.

/** Whom a part of a form is for: `data-for` on it. */
export type Audience = 'member' | 'visitor';

/** The class of the fieldset holding what only a member fills in. */
export const MEMBER_FIELDS_CLASS = 'isl-member-fields';

/** Whether a part for `audience` is shown (and, if a control, usable). */
export const isShownTo = (audience: Audience, member: boolean): boolean => (audience === 'member') === member;

const isAudience = (value: string | undefined): value is Audience => value === 'member' || value === 'visitor';

/** Draws in `root` what React renders for a member (or not): the fields, and each part's audience. */
export function drawAudience(root: ParentNode, member: boolean): void {
  for (const fieldset of root.querySelectorAll<HTMLFieldSetElement>(`fieldset.${MEMBER_FIELDS_CLASS}`)) fieldset.disabled = !member;
  for (const part of root.querySelectorAll<HTMLElement>('[data-for]')) {
    const audience = part.dataset.for;
    if (!isAudience(audience)) continue;
    const shown = isShownTo(audience, member);
    part.hidden = !shown;
    if (part instanceof HTMLButtonElement) part.disabled = !shown;
  }
}
