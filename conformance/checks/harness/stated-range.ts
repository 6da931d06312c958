import { calendarDate, DAY_MS, utcMidnightMs } from '../../src/core/dates.ts';

/** A dated request read back from its URL: its parameters, and `from`..`to` as real days in order. */
export interface StatedRange {
  params: URLSearchParams;
  from: string;
  to: string;
  /** Days covered, both ends counted. */
  days: number;
}

/**
 * The query of an answer another check received, when its URL states the request whole: every
 * name of `required` once, each of `optional` at most once, nothing else, and `from` and `to`
 * (both required) real days in order. Undefined otherwise — a default left to the server, a
 * candidate name a probe tried, a bad value: what the answer must hold is then not known from
 * the URL alone.
 */
export function statedRange(
  url: string,
  required: readonly string[],
  optional: readonly string[] = [],
): StatedRange | undefined {
  const params = new URL(url).searchParams;
  const names = ['from', 'to', ...required];
  if (!names.every((name) => params.getAll(name).length === 1)) return undefined;
  const known = new Set([...names, ...optional]);
  if ([...params.keys()].some((key) => !known.has(key) || params.getAll(key).length !== 1)) return undefined;
  const from = calendarDate(params.get('from'));
  const to = calendarDate(params.get('to'));
  if (from === undefined || to === undefined || from > to) return undefined;
  return { params, from, to, days: (utcMidnightMs(to) - utcMidnightMs(from)) / DAY_MS + 1 };
}
