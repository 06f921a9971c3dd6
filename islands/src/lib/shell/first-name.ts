/** The first word of a full name, or null when there is none. */
export function firstNameOf(fullName: string | null | undefined): string | null {
  const first = typeof fullName === 'string' ? fullName.trim().split(/\s+/)[0] : undefined;
  return first === undefined || first === '' ? null : first;
}
