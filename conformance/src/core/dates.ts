/** UTC calendar dates as the API writes them (`YYYY-MM-DD`). */
/** The UTC calendar date `YYYY-MM-DD` of an epoch-millisecond instant. */
export function utcDateOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` shifted by whole UTC days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
