/**
 * What the ports of blind fault set 21 (set-21.ts) do differently, as plain functions: each is
 * called only behind its fault's guard (`blindFault(faults, 'blind21-…')`) in the module the
 * fault's `where` names, so with no fault on none of this runs.
 */
import { IANAZone } from 'luxon';
import type { RawQuery } from '../domain/domain-result.ts';
import { parseCalendarDate, DAY_SECONDS } from '../domain/date-range.ts';

/** The JVM's default zone of the ports (blind21-raw-recorded-at-local-offset, blind21-default-from-dst-local-days). */
const SERVER_ZONE = IANAZone.create('Europe/Berlin');
const DAY_MS = DAY_SECONDS * 1000;

/** Spring Boot's lenient string-to-enum conversion: letter case ignored, `-` read as `_`. */
export function lenientEnums(raw: RawQuery, names: readonly string[]): RawQuery {
  let converted = raw;
  for (const name of names) {
    const value = raw[name];
    if (typeof value === 'string')
      converted = { ...converted, [name]: value.toLowerCase().replace(/-/g, '_') };
  }
  return converted;
}

/** `String.toLowerCase()` under a tr-TR default locale: capital I → dotless ı, İ → i. */
export function turkishLowerCase(raw: RawQuery): RawQuery {
  const q = raw.q;
  if (typeof q !== 'string') return raw;
  return { ...raw, q: q.replace(/I/g, 'ı').replace(/İ/g, 'i').toLowerCase() };
}

/** Python's `urlencode(dict)` without `doseq`: a repeated parameter written once, as the repr of its list. */
export function pythonReprQuery(link: string): string {
  const question = link.indexOf('?');
  if (question < 0) return link;
  const grouped = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(link.slice(question + 1))) {
    const values = grouped.get(name);
    if (values === undefined) grouped.set(name, [value]);
    else values.push(value);
  }
  const encoded = new URLSearchParams();
  for (const [name, values] of grouped) {
    encoded.append(name, values.length === 1 ? values[0]! : `[${values.map((v) => `'${v}'`).join(', ')}]`);
  }
  return `${link.slice(0, question)}?${encoded.toString()}`;
}

/** An instant written by `ISO_OFFSET_DATE_TIME` in the server's zone (`2026-11-22T12:30:00+01:00`). */
export function localOffsetTimestamp(utc: string): string {
  const ms = Date.parse(utc);
  if (Number.isNaN(ms)) return utc;
  const offset = SERVER_ZONE.offset(ms);
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${local}${sign}${hours}:${minutes}`;
}

/**
 * The default `from` of a port computing it in the server's zone: midnight of `to` there minus
 * 29 × 24 hours, read back as a local date. The query unchanged when `from` is given or `to` is
 * not a calendar date (left for the domain to refuse).
 */
export function localDaysDefaultFrom(raw: RawQuery, nowMs: number): RawQuery {
  if (raw.from !== undefined) return raw;
  const toText = raw.to;
  let toDay: number | undefined;
  if (toText === undefined) toDay = Math.floor(nowMs / DAY_MS);
  else if (typeof toText === 'string') toDay = parseCalendarDate(toText);
  if (toDay === undefined) return raw;
  const utcMidnight = toDay * DAY_MS;
  const guess = utcMidnight - SERVER_ZONE.offset(utcMidnight) * 60_000;
  const localMidnight = utcMidnight - SERVER_ZONE.offset(guess) * 60_000;
  const fromMs = localMidnight - 29 * DAY_MS;
  const from = new Date(fromMs + SERVER_ZONE.offset(fromMs) * 60_000).toISOString().slice(0, 10);
  return { ...raw, from };
}

/** The server zone's offset from UTC at `epochSeconds`, in seconds (3,600 in winter, 7,200 in summer). */
export function serverOffsetSeconds(epochSeconds: number): number {
  return SERVER_ZONE.offset(epochSeconds * 1000) * 60;
}

/** Spring Boot's default error body for a request it refused itself. */
export function springErrorBody(status: number, error: string, path: string, nowMs: number) {
  return {
    timestamp: new Date(nowMs).toISOString().replace('Z', '+00:00'),
    status,
    error,
    path,
  };
}

/** Python's `int()` on a path segment: whitespace around, a leading sign and `_` between digits. */
export function pythonInt(text: string): string | undefined {
  if (/^\d+$/.test(text)) return undefined;
  const match = /^\s*([+-]?)(\d+(?:_\d+)*)\s*$/.exec(text);
  if (!match) return undefined;
  return `${match[1] === '-' ? '-' : ''}${match[2]!.replace(/_/g, '')}`;
}
