/** UTC calendar dates as the API writes them (`YYYY-MM-DD`). */
/** The UTC calendar date `YYYY-MM-DD` of an epoch-millisecond instant. */
export function utcDateOf(epochMs: number): string {
  // A time a server sent may be outside what a Date holds (a mangled 1e21): named, never thrown on.
  const date = new Date(epochMs);
  return Number.isNaN(date.getTime()) ? `(no date: ${epochMs} ms)` : date.toISOString().slice(0, 10);
}

/** A UTC day in milliseconds. */
export const DAY_MS = 86_400_000;

/** An hour in milliseconds. */
export const HOUR_MS = 3_600_000;

/** The epoch milliseconds of 00:00:00Z of a `YYYY-MM-DD` date. */
export function utcMidnightMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** The weekday of a `YYYY-MM-DD` date, 0 (Sunday) to 6 (Saturday); 1 is Monday, where ISO weeks start. */
export function utcWeekdayOf(date: string): number {
  return new Date(utcMidnightMs(date)).getUTCDay();
}

/** `YYYY-MM-DD` shifted by whole UTC days. */
export function addDays(date: string, days: number): string {
  return utcDateOf(utcMidnightMs(date) + days * DAY_MS);
}

/** `text` when it is a `YYYY-MM-DD` date that names a real day (2026-02-30 does not), else undefined. */
export function calendarDate(text: string | null | undefined): string | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  return utcDateOf(utcMidnightMs(text)) === text ? text : undefined;
}
