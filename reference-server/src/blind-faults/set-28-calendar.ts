/**
 * Blind fault set 28 (set-28.ts): what each calendar mistake computes — plain functions, each called
 * only behind its fault's guard (operations.ts, middleware/rate-limit.ts), so with no fault on nothing
 * here runs. Each one is a mistake about dates and times: a window in the wrong unit, a sort on the
 * day, a month table without leap years, a year read as a date, a leap rule without its century
 * terms, a series cut at a month end, midnight written as 24:00, a span counted in a zone's hours, a
 * borrow with the wrong month's length, monthly buckets of 30 days, hourly buckets keyed by the hour
 * of the day, an ordering check on the month and day, hours counted from local midnight, a span
 * counted in the zone or in months, an offset applied twice, "today" in the zone asked, a month index
 * off by one, an unrounded wait.
 */
import { DateTime, IANAZone } from 'luxon';
import type { GameRecord, Metric } from '../../../fixtures/src/model.ts';
import { playersAt, sampleTimes } from '../../../fixtures/src/samples.ts';
import { dayFloor } from '../../../fixtures/src/time.ts';
import { activityPattern, type ActivityPatternResponse } from '../domain/activity-pattern.ts';
import { DAY_SECONDS, daysInMonth, parseCalendarDate, parseDateRange } from '../domain/date-range.ts';
import { domainError, ok, type DomainResult, type RawQuery } from '../domain/domain-result.ts';
import type { GamePage } from '../domain/game-index.ts';
import type { GameQuery } from '../domain/game-query.ts';
import type { MsspResponse } from '../domain/mssp.ts';
import { PLAYER_HISTORY_RULES, playerHistory, type PlayerHistoryResponse } from '../domain/player-history.ts';
import type { ReviewSummary } from '../domain/representation.ts';
import { roundToHundredths } from '../domain/round-to-hundredths.ts';
import { bucketStartOf } from '../domain/statistics-buckets.ts';
import { accumulateSamples, toPoint, type StatisticsResponse } from '../domain/statistics.ts';
import { resolveTimeZone } from '../domain/time-zone.ts';
import { formatUtcDate, formatUtcTimestamp } from '../domain/utc-format.ts';
import { everyMatch, paged, type Search } from '../deviations/whole-result.ts';
import { scalarParam as scalar } from '../query-parser.ts';

const HOUR_SECONDS = 3600;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

// ---------------------------------------------------------------------------------------------
// GET /games.

/** Blind fault `blind28-recently-updated-window-hours`: the 30-day window written as 30 × 3600 seconds. */
export const RECENTLY_UPDATED_WINDOW_AS_HOURS = 30 * HOUR_SECONDS;

/** Blind fault `blind28-recently-updated-window-hours`: the games updated in the last 30 hours. */
export function updatedWithinThirtyHours(search: Search, query: GameQuery, now: number): GamePage {
  const since = now - RECENTLY_UPDATED_WINDOW_AS_HOURS;
  return paged(
    everyMatch(search, { ...query, recentlyUpdated: false }).filter((game) => game.updated >= since),
    query,
  );
}

/** Blind fault `blind28-newest-listed-day-only`: `newest`/`oldest` on the listing's UTC day, ties by id. */
export function listedByDayOnly(search: Search, query: GameQuery): GamePage {
  const descending = query.sort === 'newest';
  const all = [...everyMatch(search, query)].sort((a, b) => {
    const days = dayFloor(a.listed) - dayFloor(b.listed);
    if (days !== 0) return descending ? -days : days;
    return a.id - b.id;
  });
  return paged(all, query);
}

// ---------------------------------------------------------------------------------------------
// Reviews.

/** Blind fault `blind28-review-dates-leap-year-day-late`: a day-of-year read with the common year's month table. */
export function leaplessTimestamp(timestamp: string | null): string | null {
  if (timestamp === null) return null;
  const t = Date.parse(timestamp) / 1000;
  const year = new Date(t * 1000).getUTCFullYear();
  const dayOfYear = Math.floor((t - Date.UTC(year, 0, 1) / 1000) / DAY_SECONDS);
  // Day 59 (zero-based) of a leap year is 29 February: from there on, the table without it is a day late.
  return isLeapYear(year) && dayOfYear >= 59 ? formatUtcTimestamp(t + DAY_SECONDS) : timestamp;
}

export function reviewDatesLeapLate<T extends ReviewSummary>(review: T): T {
  const { submitted, edited } = review.dates;
  return { ...review, dates: { submitted: leaplessTimestamp(submitted), edited: leaplessTimestamp(edited) } };
}

// ---------------------------------------------------------------------------------------------
// MSSP.

/** Blind fault `blind28-mssp-created-year-as-timestamp`: a four-digit CREATED year read as a date. */
export function createdYearAsTimestamp(result: DomainResult<MsspResponse>): DomainResult<MsspResponse> {
  if (!('ok' in result) || result.ok.data === null || result.ok.data.values === null) return result;
  const values = result.ok.data.values as Record<string, unknown>;
  const created = values.created;
  if (typeof created !== 'number' || !Number.isInteger(created) || created < 1000 || created > 9999)
    return result;
  return {
    ok: {
      ...result.ok,
      data: { ...result.ok.data, values: { ...values, created: `${created}-01-01T00:00:00Z` } },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Player history.

/** Blind fault `blind28-players-century-leap-day-accepted`: every fourth year a leap year. */
export function everyFourthYearLeap(year: number, month: number): number {
  return month === 2 ? (year % 4 === 0 ? 29 : 28) : daysInMonth(year, month);
}

export function historyWithFourYearLeapRule(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<PlayerHistoryResponse> {
  return playerHistory(game, query, nowMs, { ...PLAYER_HISTORY_RULES, lastDayOfMonth: everyFourthYearLeap });
}

/** Blind fault `blind28-daily-stops-at-month-end`: the daily series cut at the end of `from`'s month. */
export function dailyCutAtMonthEnd(
  result: DomainResult<PlayerHistoryResponse>,
): DomainResult<PlayerHistoryResponse> {
  if (!('ok' in result) || result.ok.meta.granularity !== 'daily') return result;
  const month = result.ok.meta.from.slice(0, 7);
  const data = result.ok.data.filter((sample) => sample.recorded_at.slice(0, 7) === month);
  return { ok: { ...result.ok, data } };
}

/** Blind fault `blind28-raw-midnight-as-24-00`: a midnight sample written as 24:00 of the day before. */
export function midnightAs2400(
  result: DomainResult<PlayerHistoryResponse>,
): DomainResult<PlayerHistoryResponse> {
  if (!('ok' in result) || result.ok.meta.granularity !== 'raw') return result;
  const data = result.ok.data.map((sample) => {
    if (!sample.recorded_at.endsWith('T00:00:00Z')) return sample;
    const dayBefore = formatUtcDate(Date.parse(sample.recorded_at) / 1000 - DAY_SECONDS);
    return { ...sample, recorded_at: `${dayBefore}T24:00:00Z` };
  });
  return { ok: { ...result.ok, data } };
}

/** Blind fault `blind28-raw-span-counted-in-berlin-hours`: the server's zone. */
export const SERVER_ZONE = 'Europe/Berlin';

/** Blind fault `blind28-raw-span-counted-in-berlin-hours`: the days between two local midnights, floored, plus one. */
export function daysBetweenLocalMidnights(from: string, to: string, zone: string): number {
  const start = DateTime.fromISO(from, { zone }).toMillis();
  const end = DateTime.fromISO(to, { zone }).toMillis();
  return Math.floor((end - start) / (DAY_SECONDS * 1000)) + 1;
}

/** The raw history with its span counted between Berlin midnights, or undefined when that changes nothing. */
export function rawSpanInBerlinHours(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<PlayerHistoryResponse> | undefined {
  if (query.granularity !== 'raw') return undefined;
  const range = parseDateRange(query, nowMs, { maxDays: Infinity, errorCode: 'invalid_date_range' });
  if ('error' in range) return undefined;
  const counted = daysBetweenLocalMidnights(range.ok.from, range.ok.to, SERVER_ZONE);
  if (counted > PLAYER_HISTORY_RULES.maxSpanDays.raw || range.ok.days <= PLAYER_HISTORY_RULES.maxSpanDays.raw)
    return undefined;
  return playerHistory(game, query, nowMs, {
    ...PLAYER_HISTORY_RULES,
    maxSpanDays: { ...PLAYER_HISTORY_RULES.maxSpanDays, raw: range.ok.days },
  });
}

/**
 * Blind fault `blind28-default-from-borrows-wrong-month`: 29 days taken from the day of the month,
 * a negative day borrowing the length of `to`'s month (the month borrowed from being the one before).
 */
export function fromBorrowingWrongMonth(to: string): string {
  let [year, month, day] = to.split('-').map(Number) as [number, number, number];
  day -= 29;
  while (day < 1) {
    const borrowed = daysInMonth(year, month); // the month being left, where the one entered was meant
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
    day += borrowed;
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function historyWithBorrowedFrom(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<PlayerHistoryResponse> | undefined {
  if (query.from !== undefined) return undefined;
  const toText = query.to === undefined ? formatUtcDate(nowMs / 1000) : scalar(query, 'to');
  if (toText === undefined || parseCalendarDate(toText) === undefined) return undefined;
  return playerHistory(game, { ...query, from: fromBorrowingWrongMonth(toText) }, nowMs);
}

// ---------------------------------------------------------------------------------------------
// Statistics.

const STATISTICS_CODE = 'invalid_statistics_query';

/** The points of `dates` rebuilt with the samples keyed by `keyOf` (a point reads the key of its date). */
function rebuiltPoints(
  game: GameRecord,
  response: StatisticsResponse,
  nowMs: number,
  dates: readonly number[],
  keyOf: (t: number) => number,
): StatisticsResponse {
  const startSec = parseCalendarDate(response.meta.from)! * DAY_SECONDS;
  const endSec = (parseCalendarDate(response.meta.to)! + 1) * DAY_SECONDS - 1;
  const now = Math.floor(nowMs / 1000);
  const accumulators = accumulateSamples(game, response.meta.metric as Metric, startSec, endSec, now, keyOf);
  const data = dates
    .filter((date) => Math.max(date, startSec) <= now)
    .map((date) => toPoint(date, accumulators.get(keyOf(date))));
  return { ...response, data };
}

const THIRTY_DAYS = 30 * DAY_SECONDS;

/** Blind fault `blind28-stats-monthly-30-day-buckets`: monthly points every 30 days from the first month's start. */
export function monthlyAsThirtyDays(
  game: GameRecord,
  result: DomainResult<StatisticsResponse>,
  nowMs: number,
): DomainResult<StatisticsResponse> {
  if (!('ok' in result) || result.ok.meta.resolution !== 'monthly') return result;
  const startSec = parseCalendarDate(result.ok.meta.from)! * DAY_SECONDS;
  const endSec = (parseCalendarDate(result.ok.meta.to)! + 1) * DAY_SECONDS - 1;
  const first = bucketStartOf('monthly', startSec);
  const dates: number[] = [];
  for (let date = first; date <= endSec; date += THIRTY_DAYS) dates.push(date);
  const keyOf = (t: number) => first + Math.floor((t - first) / THIRTY_DAYS) * THIRTY_DAYS;
  return ok(rebuiltPoints(game, result.ok, nowMs, dates, keyOf));
}

/** Blind fault `blind28-stats-hourly-keyed-by-hour-of-day`: hourly buckets keyed by the hour of the day alone. */
export function hourlyKeyedByHourOfDay(
  game: GameRecord,
  result: DomainResult<StatisticsResponse>,
  nowMs: number,
): DomainResult<StatisticsResponse> {
  if (!('ok' in result) || result.ok.meta.resolution !== 'hourly') return result;
  const dates = result.ok.data.map((point) => point.date);
  const keyOf = (t: number) => Math.floor((t % DAY_SECONDS) / HOUR_SECONDS);
  return ok(rebuiltPoints(game, result.ok, nowMs, dates, keyOf));
}

/** Blind fault `blind28-stats-2000-leap-day-refused`: 29 February of a century year refused (the 400 rule left out). */
export function centuryLeapDayRefused(query: RawQuery): DomainResult<never> | undefined {
  for (const name of ['from', 'to'] as const) {
    const text = scalar(query, name);
    const match = text === undefined ? null : /^(\d{4})-02-29$/.exec(text);
    if (match !== null && Number(match[1]) % 100 === 0) {
      return domainError(422, STATISTICS_CODE, `Parameter '${name}' must be a calendar date YYYY-MM-DD.`, {
        parameter: name,
        value: text,
      });
    }
  }
  return undefined;
}

/** Blind fault `blind28-stats-order-check-ignores-year`: `from` after `to` compared on the month and day. */
export function orderCheckedOnMonthDay(query: RawQuery): DomainResult<never> | undefined {
  const from = scalar(query, 'from');
  const to = scalar(query, 'to');
  if (from === undefined || to === undefined) return undefined;
  if (parseCalendarDate(from) === undefined || parseCalendarDate(to) === undefined) return undefined;
  if (from.slice(0, 4) >= to.slice(0, 4) || from.slice(5) <= to.slice(5)) return undefined;
  return domainError(422, STATISTICS_CODE, `'from' (${from}) must not be after 'to' (${to}).`, { from, to });
}

// ---------------------------------------------------------------------------------------------
// Activity pattern.

const ACTIVITY_MAX_DAYS = 90;

/** The activity pattern's cells rebuilt with each sample placed by `cellOf` (weekday index 0 = Monday). */
function rebuiltCells(
  game: GameRecord,
  response: ActivityPatternResponse,
  nowMs: number,
  cellOf: (t: number) => { weekdayIndex: number; hour: number },
): ActivityPatternResponse {
  const startSec = parseCalendarDate(response.meta.from)! * DAY_SECONDS;
  const endSec = (parseCalendarDate(response.meta.to)! + 1) * DAY_SECONDS - 1;
  const counts = new Array<number>(168).fill(0);
  const sums = new Array<number>(168).fill(0);
  for (const t of sampleTimes(game, startSec, endSec, Math.floor(nowMs / 1000))) {
    const { weekdayIndex, hour } = cellOf(t);
    const cell = weekdayIndex * 24 + Math.min(23, Math.max(0, hour));
    counts[cell] = (counts[cell] ?? 0) + 1;
    sums[cell] = (sums[cell] ?? 0) + playersAt(game, t);
  }
  const data = counts.map((count, cell) => ({
    weekday: Math.floor(cell / 24) + 1,
    hour: cell % 24,
    count,
    average: count < 3 ? null : roundToHundredths((sums[cell] ?? 0) / count),
  }));
  return { ...response, data };
}

const weekdayOfDay = (day: number) => (((day + 3) % 7) + 7) % 7;

function zoneOf(query: RawQuery): string | undefined {
  const timezone = scalar(query, 'timezone');
  return timezone === undefined ? undefined : resolveTimeZone(timezone);
}

/** Blind fault `blind28-activity-hour-counted-from-local-midnight`: the hour as the hours elapsed since local midnight. */
export function hoursFromLocalMidnight(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<ActivityPatternResponse> | undefined {
  const zone = zoneOf(query);
  if (zone === undefined) return undefined;
  const result = activityPattern(game, query, nowMs);
  if (!('ok' in result)) return undefined;
  return ok(
    rebuiltCells(game, result.ok, nowMs, (t) => {
      const local = DateTime.fromSeconds(t, { zone });
      const midnight = local.startOf('day').toSeconds();
      const day = Math.floor((t + local.offset * 60) / DAY_SECONDS);
      return { weekdayIndex: weekdayOfDay(day), hour: Math.floor((t - midnight) / HOUR_SECONDS) };
    }),
  );
}

/** Blind fault `blind28-activity-offset-applied-twice`: the zone's offset added to a time already local. */
export function offsetAppliedTwice(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<ActivityPatternResponse> | undefined {
  const zone = zoneOf(query);
  if (zone === undefined || zone === 'UTC') return undefined;
  const result = activityPattern(game, query, nowMs);
  if (!('ok' in result)) return undefined;
  const iana = IANAZone.create(zone);
  return ok(
    rebuiltCells(game, result.ok, nowMs, (t) => {
      const local = t + 2 * iana.offset(t * 1000) * 60;
      const day = Math.floor(local / DAY_SECONDS);
      return {
        weekdayIndex: weekdayOfDay(day),
        hour: Math.floor((local - day * DAY_SECONDS) / HOUR_SECONDS),
      };
    }),
  );
}

function spanRefusal(from: string, to: string, days: number): DomainResult<never> {
  return domainError(
    422,
    STATISTICS_CODE,
    `The range ${from}..${to} spans ${days} days; at most ${ACTIVITY_MAX_DAYS} are allowed.`,
    { from, to, days, max_days: ACTIVITY_MAX_DAYS },
  );
}

/** Blind fault `blind28-activity-span-in-zone-hours`: the span as the zone's hours between local midnights, rounded up to days. */
export function spanInZoneHours(query: RawQuery, nowMs: number): DomainResult<never> | undefined {
  const zone = zoneOf(query);
  if (zone === undefined) return undefined;
  const range = parseDateRange(query, nowMs, { maxDays: Infinity, errorCode: STATISTICS_CODE });
  if ('error' in range || range.ok.days > ACTIVITY_MAX_DAYS) return undefined;
  const start = DateTime.fromISO(range.ok.from, { zone }).toMillis();
  const end = DateTime.fromISO(range.ok.to, { zone }).plus({ days: 1 }).toMillis();
  const days = Math.ceil((end - start) / (DAY_SECONDS * 1000));
  return days > ACTIVITY_MAX_DAYS ? spanRefusal(range.ok.from, range.ok.to, days) : undefined;
}

/** Blind fault `blind28-activity-span-as-three-months`: "at most 90 days" checked as "within three calendar months". */
export function spanAsThreeMonths(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<ActivityPatternResponse> | undefined {
  const range = parseDateRange(query, nowMs, { maxDays: Infinity, errorCode: STATISTICS_CODE });
  if ('error' in range) return undefined;
  const { from, to, days } = range.ok;
  const lastAllowed = DateTime.fromISO(from, { zone: 'UTC' }).plus({ months: 3 }).minus({ days: 1 });
  const withinMonths = to <= lastAllowed.toISODate()!;
  if (withinMonths === days <= ACTIVITY_MAX_DAYS) return undefined;
  if (!withinMonths) return spanRefusal(from, to, days);
  return activityPattern(game, query, nowMs, {
    maxSpanDays: Infinity,
    minObservationsForAverage: 3,
    resolveTimeZone,
  });
}

/** Blind fault `blind28-activity-default-to-in-zone`: without `to`, the current date in the zone asked. */
export function defaultToInZone(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<ActivityPatternResponse> | undefined {
  const zone = zoneOf(query);
  if (zone === undefined || query.to !== undefined) return undefined;
  const local = nowMs / 1000 + IANAZone.create(zone).offset(nowMs) * 60;
  const to = formatUtcDate(local);
  if (to === formatUtcDate(nowMs / 1000)) return undefined;
  return activityPattern(game, { ...query, to }, nowMs);
}

// ---------------------------------------------------------------------------------------------
// Rate limits.

/** Blind fault `blind28-day-reset-month-index-one-based`: the next midnight built with a one-based month index. */
export function nextMidnightOneBasedMonth(nowMs: number): number {
  const now = new Date(nowMs);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate() + 1) / 1000;
}

/** Blind fault `blind28-retry-after-fractional-seconds`: the wait as the reset minus the unfloored now. */
export function unroundedWait(reset: number, nowMs: number): number {
  return reset - nowMs / 1000;
}
