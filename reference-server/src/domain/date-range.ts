import { domainError, ok, type DomainResult, type RawQuery } from './domain-result.ts';
import { readScalarParam } from './query-param.ts';
import { formatUtcDate } from './utc-format.ts';

/**
 * The one reading of `from`/`to` shared by player history, statistics and the
 * activity pattern (§4): UTC calendar dates, both inclusive; `to` defaults to the
 * current UTC date and `from` to 29 days before `to` (a 30-day range). A span counts
 * both ends (D25), so `to` − `from` = 364 days is a 365-day span.
 */

export const DAY_SECONDS = 86_400;
export const DEFAULT_SPAN_DAYS = 30;

/** The earliest date the `YYYY-MM-DD` shape can express; a defaulted `from` never goes below it. */
const MIN_EPOCH_DAY = daysFromCivil(0, 1, 1);

export interface DateRange {
  /** `YYYY-MM-DD`, as echoed in `meta.from` / `meta.to`. */
  from: string;
  to: string;
  /** Epoch seconds of `from` 00:00:00Z. */
  startSec: number;
  /** Epoch seconds of `to` 23:59:59Z (inclusive). */
  endSec: number;
  /** Days covered, counting both ends. */
  days: number;
}

export interface DateRangeRules {
  /** Longest accepted span in days (both ends counted); Infinity for no limit. */
  maxDays: number;
  /** The endpoint's 422 code (`invalid_date_range`, `invalid_statistics_query`). */
  errorCode: string;
  /** Days of the range when `from` is not given, counting both ends; DEFAULT_SPAN_DAYS unless set. */
  defaultSpanDays?: number;
  /** The last day of a month, by which a date is real; the Gregorian calendar's (daysInMonth) unless set. */
  lastDayOfMonth?: (year: number, month: number) => number;
}

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil; no Date quirks for years < 100). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The number of days of a month (1–12) of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `YYYY-MM-DD` of a real calendar date → epoch day; undefined for any other string (`2026-02-30`, `2026-2-3`). */
export function parseCalendarDate(
  text: string,
  lastDayOfMonth: (year: number, month: number) => number = daysInMonth,
): number | undefined {
  const match = DATE_SHAPE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // A day past the month's end would roll over into the next month (daysFromCivil is linear in day).
  if (month < 1 || month > 12 || day < 1 || day > lastDayOfMonth(year, month)) return undefined;
  return daysFromCivil(year, month, day);
}

function readDate(
  query: RawQuery,
  name: 'from' | 'to',
  { errorCode, lastDayOfMonth }: DateRangeRules,
): DomainResult<number | undefined> {
  const raw = readScalarParam(query, name, errorCode);
  if ('error' in raw) return raw;
  if (raw.ok === undefined) return ok(undefined);
  const epochDay = parseCalendarDate(raw.ok, lastDayOfMonth);
  if (epochDay === undefined) {
    return domainError(422, errorCode, `Parameter '${name}' must be a calendar date YYYY-MM-DD.`, {
      parameter: name,
      value: raw.ok,
    });
  }
  return ok(epochDay);
}

export function parseDateRange(
  query: RawQuery,
  nowMs: number,
  rules: DateRangeRules,
): DomainResult<DateRange> {
  const fromParam = readDate(query, 'from', rules);
  if ('error' in fromParam) return fromParam;
  const toParam = readDate(query, 'to', rules);
  if ('error' in toParam) return toParam;

  const toDay = toParam.ok ?? Math.floor(nowMs / 1000 / DAY_SECONDS);
  const defaultSpan = rules.defaultSpanDays ?? DEFAULT_SPAN_DAYS;
  const fromDay = fromParam.ok ?? Math.max(MIN_EPOCH_DAY, toDay - (defaultSpan - 1));
  const from = formatUtcDate(fromDay * DAY_SECONDS);
  const to = formatUtcDate(toDay * DAY_SECONDS);

  if (fromDay > toDay) {
    return domainError(422, rules.errorCode, `'from' (${from}) must not be after 'to' (${to}).`, {
      from,
      to,
    });
  }
  const days = toDay - fromDay + 1;
  if (days > rules.maxDays) {
    return domainError(
      422,
      rules.errorCode,
      `The range ${from}..${to} spans ${days} days; at most ${rules.maxDays} are allowed.`,
      { from, to, days, max_days: rules.maxDays },
    );
  }
  return ok({ from, to, startSec: fromDay * DAY_SECONDS, endSec: (toDay + 1) * DAY_SECONDS - 1, days });
}
