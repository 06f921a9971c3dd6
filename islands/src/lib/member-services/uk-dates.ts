// Dates and days as the member pages write them, UK style: plain functions, so that the runtime
// drawing a member's records before React loads (draw-viewer.ts) writes them as React does.

/** `2026-12-01` as `Tue 1 Dec 2026` (UK style); the text itself when it is not a date. */
export function ukDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) return date;
  const value = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return value.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The day of a timestamp (`2026-11-23T23:30:00Z`) in UK time, written as ukDate writes a date. */
export function ukDay(timestamp: string): string {
  const value = new Date(timestamp);
  if (Number.isNaN(value.getTime())) return timestamp;
  return value.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });
}
