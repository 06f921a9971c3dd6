import type { User } from '../store/app-state.ts';

/** The 14 items of profile completeness (spec sections 5 and 9), in the spec's order. */
const COMPLETION_ITEMS = [
  'full_name',
  'email',
  'phone_number',
  'address_line_1',
  'postcode',
  'city',
  'country',
  'profile_picture',
  'resume',
  'passport',
  'utility_bill',
  'date_of_birth',
  'other_documents',
  'is_verified',
] as const satisfies readonly (keyof User)[];

export type CompletionItem = (typeof COMPLETION_ITEMS)[number];

/** Whether one item counts as filled: text that is not blank, a file URL, is_verified true. */
export function isItemFilled(user: Partial<User>, item: CompletionItem): boolean {
  const value = user[item];
  if (item === 'is_verified') return value === true;
  return typeof value === 'string' && value.trim() !== '';
}

/** The items still missing, in order. */
export function missingItems(user: Partial<User>): CompletionItem[] {
  return COMPLETION_ITEMS.filter((item) => !isItemFilled(user, item));
}

/** round(filled / 14 * 100). */
export function profileCompletion(user: Partial<User> | null): number {
  if (user === null) return 0;
  const filled = COMPLETION_ITEMS.filter((item) => isItemFilled(user, item)).length;
  return Math.round((filled / COMPLETION_ITEMS.length) * 100);
}
