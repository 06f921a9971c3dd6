/** A record's id from props or stored data: a positive whole number, else null. */
export const idOf = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);
