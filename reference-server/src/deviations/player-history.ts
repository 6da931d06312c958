/**
 * The deliberate faults and legitimate variants of GET /games/{gameId}/players, kept
 * out of domain/player-history.ts: as the rules the history is read with (spans, the
 * default range, the calendar, a day's value), and applied to what the correct domain
 * code answered at the operation boundary (operations.ts). Each deviation names its
 * catalogue entry (faults.ts, variants.ts); with none on, the API's rules and the
 * answer are returned unchanged.
 */
import { IANAZone } from 'luxon';
import { CRAWL_INTERVAL_SECONDS, type GameRecord } from '../../../fixtures/src/model.ts';
import {
  lastCrawled,
  lastSuccessfulConnect,
  playersAt,
  rawSamples,
  sampleTimes,
} from '../../../fixtures/src/samples.ts';
import { DAY_SECONDS, DEFAULT_SPAN_DAYS, parseCalendarDate } from '../domain/date-range.ts';
import { domainError, ok, type DomainResult } from '../domain/domain-result.ts';
import {
  dailyAggregation,
  MAX_SPAN_DAYS,
  meanOf,
  PLAYER_HISTORY_RULES,
  type PlayerHistoryResponse,
  type PlayerHistoryRules,
} from '../domain/player-history.ts';
import { formatUtcDate, formatUtcTimestamp } from '../domain/utc-format.ts';
import { blindFault } from '../blind-faults/set-1.ts';
import type { RawQuery } from '../domain/domain-result.ts';
import type { Deviations } from './representation.ts';

type PlayerSample = PlayerHistoryResponse['data'][number];

/** A players body as the faults may serve it: a count may be text (fault `player-count-as-text`). */
export type ServedPlayerHistory = Omit<PlayerHistoryResponse, 'data'> & {
  data: Array<Omit<PlayerSample, 'players'> & { players: PlayerSample['players'] | string }>;
};

/** Blind fault `blind8-daily-average-over-full-day`: the crawls of a full UTC day. */
const CRAWLS_PER_DAY = DAY_SECONDS / CRAWL_INTERVAL_SECONDS;
/** Blind fault `blind11-players-default-to-server-local-date`: the server's zone. */
const SERVER_LOCAL_ZONE = IANAZone.create('Pacific/Auckland');
/** Blind fault `blind9-daily-buckets-server-local-day`: the server's zone, UTC−5, behind UTC by this much. */
const SERVER_ZONE_OFFSET_SECONDS = 5 * 3600;

/** Fault `daily-value-max`: per UTC day, the largest raw sample (D24 wants the rounded mean). */
const dailyMaxima = dailyAggregation((players) => Math.max(...players));

/** x.5 → the even neighbour (banker's rounding); players are non-negative. */
function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction !== 0.5) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Variant `daily-round-half-even` (D24): per UTC day, the mean of its raw samples rounded half to even. */
const dailyMeansHalfEven = dailyAggregation((players) => roundHalfEven(meanOf(players)));

/** The rules the history is read with: the API's, but for the switched-on deviations. */
export function playerHistoryRules(
  { faults, variants }: Pick<Deviations, 'faults' | 'variants'>,
  query?: RawQuery,
  nowMs?: number,
): PlayerHistoryRules {
  if (faults.size === 0 && variants.size === 0) return PLAYER_HISTORY_RULES;
  const rules: PlayerHistoryRules = { ...PLAYER_HISTORY_RULES };
  const maxSpanDays = { ...MAX_SPAN_DAYS };
  // Fault `daily-range-365-refused`: the span counted as to − from instead of both ends.
  if (faults.has('daily-range-365-refused')) maxSpanDays.daily = MAX_SPAN_DAYS.daily - 1;
  // Fault `daily-range-366-accepted`: a daily range one day too long is accepted.
  if (faults.has('daily-range-366-accepted')) maxSpanDays.daily = MAX_SPAN_DAYS.daily + 1;
  // Fault `raw-range-91-accepted`: a raw range one day too long is accepted.
  if (faults.has('raw-range-91-accepted')) maxSpanDays.raw = MAX_SPAN_DAYS.raw + 1;
  // Blind fault `blind-raw-range-90-refused`: the raw span compared with < 90 instead of <= 90.
  if (blindFault(faults, 'blind-raw-range-90-refused')) maxSpanDays.raw = MAX_SPAN_DAYS.raw - 1;
  // Blind fault `blind2-players-daily-limit-without-granularity`: the limit looked up by the parameter as sent, raw's when absent.
  if (blindFault(faults, 'blind2-players-daily-limit-without-granularity') && query && !query.granularity) {
    maxSpanDays.daily = MAX_SPAN_DAYS.raw;
  }
  // Blind fault `blind7-daily-span-calendar-year`: the daily limit checked as "from later than to minus one calendar year".
  const calendarYear = blindFault(faults, 'blind7-daily-span-calendar-year')
    ? yearSpanDays(query)
    : undefined;
  if (calendarYear !== undefined) maxSpanDays.daily = Math.max(MAX_SPAN_DAYS.daily, calendarYear);
  // Blind fault `blind14-raw-limit-skipped-without-to`: the raw span checked only where an explicit `to` is read.
  if (
    blindFault(faults, 'blind14-raw-limit-skipped-without-to') &&
    query?.granularity === 'raw' &&
    query.to === undefined
  ) {
    maxSpanDays.raw = MAX_SPAN_DAYS.daily;
  }
  // Blind fault `blind18-future-to-span-counted-to-today`: the span measured to min(to, today), not to `to`.
  const futureDays = blindFault(faults, 'blind18-future-to-span-counted-to-today')
    ? daysAfterToday(query, nowMs)
    : 0;
  if (futureDays > 0) {
    maxSpanDays.daily += futureDays;
    maxSpanDays.raw += futureDays;
  }
  rules.maxSpanDays = maxSpanDays;
  // Blind fault `blind10-raw-default-range-one-day`: a raw history without `from` defaults to the day of `to`.
  if (blindFault(faults, 'blind10-raw-default-range-one-day') && query?.granularity === 'raw') {
    rules.defaultSpanDays = 1;
  }
  // Fault `players-default-31-days`: without `from`, the range spans 31 days.
  if (faults.has('players-default-31-days')) rules.defaultSpanDays = 31;
  // Fault `players-invalid-date-accepted`: every month has 31 days (2026-02-30 rolls over into March).
  if (faults.has('players-invalid-date-accepted')) rules.lastDayOfMonth = () => 31;
  // Blind fault `blind19-players-december-refused`: the month checked as 1 <= month < 12, a zero-based bound.
  if (blindFault(faults, 'blind19-players-december-refused')) {
    rules.lastDayOfMonth = (year, month) =>
      month >= 12 ? 0 : PLAYER_HISTORY_RULES.lastDayOfMonth(year, month);
  }
  // Blind fault `blind4-players-leap-day-refused`: a month-length table without leap years.
  if (blindFault(faults, 'blind4-players-leap-day-refused')) {
    rules.lastDayOfMonth = (year, month) =>
      month === 2 ? 28 : PLAYER_HISTORY_RULES.lastDayOfMonth(year, month);
  }
  // Blind fault `blind6-daily-average-skips-zero-samples`: AVG(NULLIF(players, 0)), a 0 read as "not reported".
  if (blindFault(faults, 'blind6-daily-average-skips-zero-samples')) {
    rules.dailyValues = dailyAggregation((players) => {
      const reported = players.filter((count) => count !== 0);
      return reported.length === 0 ? 0 : Math.round(meanOf(reported));
    });
  }
  // Blind fault `blind8-daily-average-over-full-day`: SUM(players) / 48, the crawls of a full day, whatever were taken.
  if (blindFault(faults, 'blind8-daily-average-over-full-day')) {
    rules.dailyValues = dailyAggregation((players) =>
      Math.round(players.reduce((sum, count) => sum + count, 0) / CRAWLS_PER_DAY),
    );
  }
  // Blind fault `blind9-daily-buckets-server-local-day`: the samples grouped by their date in the server's zone (UTC−5).
  if (blindFault(faults, 'blind9-daily-buckets-server-local-day')) {
    rules.dailyValues = (game, startSec, endSec, now) => {
      const days = new Map<number, number[]>();
      for (const t of sampleTimes(game, startSec, endSec, now)) {
        const day = Math.floor((t - SERVER_ZONE_OFFSET_SECONDS) / DAY_SECONDS) * DAY_SECONDS;
        let players = days.get(day);
        if (players === undefined) days.set(day, (players = []));
        players.push(playersAt(game, t));
      }
      return [...days].map(([day, players]) => ({ day, players: Math.round(meanOf(players)) }));
    };
  }
  // Blind fault `blind11-daily-bucket-includes-next-midnight`: a day's samples read `BETWEEN day AND day + 1 day`, both ends in.
  if (blindFault(faults, 'blind11-daily-bucket-includes-next-midnight')) {
    rules.dailyValues = (game, startSec, endSec, now) =>
      PLAYER_HISTORY_RULES.dailyValues(game, startSec, endSec, now).map(({ day }) => {
        const players = [...sampleTimes(game, day, Math.min(day + DAY_SECONDS, now), now)].map((t) =>
          playersAt(game, t),
        );
        return { day, players: Math.round(meanOf(players)) };
      });
  }
  // Blind fault `blind13-daily-average-two-decimals`: the day's mean rounded to two decimals (the statistics' rounding).
  if (blindFault(faults, 'blind13-daily-average-two-decimals')) {
    rules.dailyValues = dailyAggregation((players) => Math.round(meanOf(players) * 100) / 100);
  }
  // Blind fault `blind13-players-month-length-of-previous-month`: Date.UTC(y, m − 1, 0) with a one-based month, the month before's length.
  if (blindFault(faults, 'blind13-players-month-length-of-previous-month')) {
    rules.lastDayOfMonth = (year, month) => new Date(Date.UTC(year, month - 1, 0)).getUTCDate();
  }
  if (variants.has('daily-round-half-even')) rules.dailyValues = dailyMeansHalfEven;
  if (faults.has('daily-value-max')) rules.dailyValues = dailyMaxima;
  // Blind fault `blind-daily-average-truncated`: the average cast to an integer (floor) instead of rounded.
  if (blindFault(faults, 'blind-daily-average-truncated')) {
    rules.dailyValues = dailyAggregation((players) => Math.floor(meanOf(players)));
  }
  return rules;
}

/**
 * Blind fault `blind18-future-to-span-counted-to-today`: how many days an explicit, valid `to` lies after
 * the current UTC date (0 when it does not, or without the query or the clock).
 */
function daysAfterToday(query: RawQuery | undefined, nowMs: number | undefined): number {
  if (query === undefined || nowMs === undefined || typeof query.to !== 'string') return 0;
  const toDay = parseCalendarDate(query.to);
  if (toDay === undefined) return 0;
  return Math.max(0, toDay - Math.floor(nowMs / 1000 / DAY_SECONDS));
}

/**
 * Blind fault `blind7-daily-span-calendar-year`: the days of a daily range whose `from` falls after the
 * same date a calendar year before `to` (February 29 read as the 28th), else undefined.
 */
function yearSpanDays(query: RawQuery | undefined): number | undefined {
  if (query === undefined || query.granularity === 'raw') return undefined;
  const { from, to } = query;
  if (typeof from !== 'string' || typeof to !== 'string') return undefined;
  const fromDay = parseCalendarDate(from);
  const toDay = parseCalendarDate(to);
  if (fromDay === undefined || toDay === undefined) return undefined;
  const monthDay = to.slice(5) === '02-29' ? '02-28' : to.slice(5);
  const yearBefore = parseCalendarDate(`${String(Number(to.slice(0, 4)) - 1).padStart(4, '0')}-${monthDay}`);
  if (yearBefore === undefined || fromDay <= yearBefore) return undefined;
  return toDay - fromDay + 1;
}

const GRANULARITIES = ['daily', 'raw'];

/** The players query as the switched-on blind faults read it, before the domain does. */
export function deviatePlayerQuery(
  query: RawQuery,
  { faults }: Pick<Deviations, 'faults'>,
  nowMs = 0,
): RawQuery {
  let raw = query;
  // Blind fault `blind19-players-default-to-hour-behind`: without `to`, the UTC date of one hour ago.
  if (blindFault(faults, 'blind19-players-default-to-hour-behind') && raw.to === undefined) {
    const hourAgo = Math.floor(nowMs / 1000) - 3600;
    raw = { ...raw, to: formatUtcDate(Math.floor(hourAgo / DAY_SECONDS) * DAY_SECONDS) };
  }
  // Blind fault `blind2-players-date-lenient-parse`: dates read by `new Date(text)`, whatever their shape.
  if (blindFault(faults, 'blind2-players-date-lenient-parse')) {
    for (const name of ['from', 'to'] as const) {
      const text = raw[name];
      if (typeof text !== 'string' || parseCalendarDate(text) !== undefined) continue;
      const parsed = Date.parse(text);
      if (!Number.isNaN(parsed)) raw = { ...raw, [name]: new Date(parsed).toISOString().slice(0, 10) };
    }
  }
  // Blind fault `blind12-players-impossible-date-rolls-over`: a date built with Date.UTC(y, m − 1, d), rolling over.
  if (blindFault(faults, 'blind12-players-impossible-date-rolls-over')) {
    for (const name of ['from', 'to'] as const) {
      const text = raw[name];
      if (typeof text !== 'string' || parseCalendarDate(text) !== undefined) continue;
      const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      if (!parts) continue;
      const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
      if (month < 1 || month > 12 || day < 1 || day > 31) continue;
      raw = { ...raw, [name]: formatUtcDate(Date.UTC(year, month - 1, day) / 1000) };
    }
  }
  // Blind fault `blind2-players-default-from-relative-to-today`: the default `from` counted back from today, not `to`.
  if (
    blindFault(faults, 'blind2-players-default-from-relative-to-today') &&
    raw.from === undefined &&
    typeof raw.to === 'string'
  ) {
    const today = Math.floor(nowMs / 1000 / DAY_SECONDS);
    raw = { ...raw, from: formatUtcDate((today - (DEFAULT_SPAN_DAYS - 1)) * DAY_SECONDS) };
  }
  // Blind fault `blind11-players-default-to-server-local-date`: `to` defaults to the date of the server's zone (Pacific/Auckland).
  if (blindFault(faults, 'blind11-players-default-to-server-local-date') && raw.to === undefined) {
    const localMs = nowMs + SERVER_LOCAL_ZONE.offset(nowMs) * 60_000;
    raw = { ...raw, to: formatUtcDate(Math.floor(localMs / 1000 / DAY_SECONDS) * DAY_SECONDS) };
  }
  // Blind fault `blind3-players-default-to-yesterday`: `to` defaults to the last complete UTC day.
  if (blindFault(faults, 'blind3-players-default-to-yesterday') && raw.to === undefined) {
    const yesterday = Math.floor(nowMs / 1000 / DAY_SECONDS) - 1;
    raw = { ...raw, to: formatUtcDate(yesterday * DAY_SECONDS) };
  }
  // Blind fault `blind5-players-to-default-from-plus-29`: the 30-day default read forwards from `from`.
  if (
    blindFault(faults, 'blind5-players-to-default-from-plus-29') &&
    raw.to === undefined &&
    typeof raw.from === 'string'
  ) {
    const fromDay = parseCalendarDate(raw.from);
    if (fromDay !== undefined) {
      raw = { ...raw, to: formatUtcDate((fromDay + DEFAULT_SPAN_DAYS - 1) * DAY_SECONDS) };
    }
  }
  // Blind fault `blind10-players-reversed-dates-swapped`: a from after to swapped into order before the range is read.
  if (
    blindFault(faults, 'blind10-players-reversed-dates-swapped') &&
    typeof raw.from === 'string' &&
    typeof raw.to === 'string'
  ) {
    const [fromDay, toDay] = [parseCalendarDate(raw.from), parseCalendarDate(raw.to)];
    if (fromDay !== undefined && toDay !== undefined && fromDay > toDay)
      raw = { ...raw, from: raw.to, to: raw.from };
  }
  // Blind fault `blind-players-unknown-granularity-daily`: an unknown granularity falls back to the default.
  if (
    blindFault(faults, 'blind-players-unknown-granularity-daily') &&
    typeof raw.granularity === 'string' &&
    !GRANULARITIES.includes(raw.granularity)
  ) {
    return { ...raw, granularity: undefined };
  }
  return raw;
}

/**
 * Blind fault `blind17-span-measured-to-now-without-to`: without `to`, the range ends at the current
 * instant and its span is counted in fractional days, so a range of exactly the maximum ending today
 * measures more than it. Undefined when the fault is off or the span is within the maximum.
 */
export function spanToNowAnswer(
  raw: RawQuery,
  nowMs: number,
  { faults }: Pick<Deviations, 'faults'>,
): DomainResult<ServedPlayerHistory> | undefined {
  if (!blindFault(faults, 'blind17-span-measured-to-now-without-to')) return undefined;
  if (raw.to !== undefined || typeof raw.from !== 'string') return undefined;
  if (raw.granularity !== undefined && raw.granularity !== 'daily' && raw.granularity !== 'raw')
    return undefined;
  const fromDay = parseCalendarDate(raw.from);
  if (fromDay === undefined) return undefined;
  const maxDays = MAX_SPAN_DAYS[raw.granularity === 'raw' ? 'raw' : 'daily'];
  const days = (nowMs / 1000 - fromDay * DAY_SECONDS) / DAY_SECONDS + 1;
  if (days <= maxDays) return undefined;
  return domainError(
    422,
    'invalid_date_range',
    `The range from ${raw.from} to now spans ${days.toFixed(2)} days; at most ${maxDays} are allowed.`,
    { from: raw.from, days, max_days: maxDays },
  );
}

/**
 * Blind fault `blind17-archived-players-default-to-last-crawl`: without `to`, an archived game's
 * history ends on the day of its last crawl; the query unchanged otherwise.
 */
export function archivedDefaultTo(
  game: GameRecord,
  raw: RawQuery,
  nowMs: number,
  { faults }: Pick<Deviations, 'faults'>,
): RawQuery {
  if (!blindFault(faults, 'blind17-archived-players-default-to-last-crawl')) return raw;
  if (game.archiveReason === null || raw.to !== undefined) return raw;
  const last = lastCrawled(game, Math.floor(nowMs / 1000));
  if (last === null) return raw;
  return { ...raw, to: formatUtcDate(Math.floor(last / DAY_SECONDS) * DAY_SECONDS) };
}

/**
 * Blind fault `blind-players-from-after-to-empty`: a reversed range is not checked, and its
 * query finds nothing. Undefined when the fault is off or the range is in order.
 */
export function reversedRangeAnswer(
  game: GameRecord,
  raw: RawQuery,
  { faults }: Pick<Deviations, 'faults'>,
): DomainResult<ServedPlayerHistory> | undefined {
  if (!blindFault(faults, 'blind-players-from-after-to-empty')) return undefined;
  const { from, to, granularity } = raw;
  if (typeof from !== 'string' || typeof to !== 'string') return undefined;
  const fromDay = parseCalendarDate(from);
  const toDay = parseCalendarDate(to);
  if (fromDay === undefined || toDay === undefined || fromDay <= toDay) return undefined;
  const served = granularity === 'raw' ? 'raw' : 'daily';
  return ok({ data: [], meta: { game_id: game.id, granularity: served, from, to } });
}

/**
 * Blind fault `blind8-raw-failed-crawls-as-zero`: every crawl attempt of the range (each grid point from
 * the first successful crawl to the last attempt, lastCrawled), a successful one with its sample and a
 * failed one with 0 players.
 */
function withFailedCrawls(
  game: GameRecord,
  from: string,
  to: string,
  now: number,
): ServedPlayerHistory['data'] {
  const lastAttempt = lastCrawled(game, now);
  if (game.crawlStart === null || lastAttempt === null) return [];
  const start = Math.max(parseCalendarDate(from)! * DAY_SECONDS, game.crawlStart);
  const end = Math.min((parseCalendarDate(to)! + 1) * DAY_SECONDS - 1, lastAttempt);
  const reached = new Map(rawSamples(game, start, end, now).map((s) => [s.t, s.players]));
  const data: ServedPlayerHistory['data'] = [];
  for (
    let t = Math.ceil(start / CRAWL_INTERVAL_SECONDS) * CRAWL_INTERVAL_SECONDS;
    t <= end;
    t += CRAWL_INTERVAL_SECONDS
  ) {
    data.push({ recorded_at: formatUtcTimestamp(t), players: reached.get(t) ?? 0 });
  }
  return data;
}

/** Blind fault `blind15-raw-samples-capped-1000`: the data layer's default row limit. */
const RAW_ROW_LIMIT = 1000;

/** The history of `game` as the switched-on faults would answer it (the rules' deviations aside). */
export function deviatePlayerHistory(
  result: DomainResult<PlayerHistoryResponse>,
  game: GameRecord,
  nowMs: number,
  { faults }: Pick<Deviations, 'faults'>,
): DomainResult<ServedPlayerHistory> {
  // Fault `players-web-only-404`: a web-only game's history is refused as an unknown game.
  if (game.webOnly && faults.has('players-web-only-404')) {
    return domainError(404, 'game_not_found', 'No game has this id.');
  }
  // Blind fault `blind3-players-archived-404`: the game looked up among active listings only.
  if (game.archiveReason !== null && blindFault(faults, 'blind3-players-archived-404')) {
    return domainError(404, 'game_not_found', 'No game has this id.');
  }
  // Blind fault `blind17-players-never-reached-404`: "no stored history at all" read as an unknown game.
  if (
    blindFault(faults, 'blind17-players-never-reached-404') &&
    lastSuccessfulConnect(game, Math.floor(nowMs / 1000)) === null
  ) {
    return domainError(404, 'game_not_found', 'No game has this id.');
  }
  // Blind fault `blind9-granularity-invalid-filter-code`: the granularity refused by the enum validator shared with GET /games.
  if (
    blindFault(faults, 'blind9-granularity-invalid-filter-code') &&
    'error' in result &&
    (result.error.details as { parameter?: unknown } | undefined)?.parameter === 'granularity'
  ) {
    return { error: { ...result.error, code: 'invalid_filter' } };
  }
  if (faults.size === 0 || !('ok' in result)) return result;
  const { meta } = result.ok;
  // Blind fault `blind19-daily-year-end-order`: the daily values ordered by their month and day text (MM-DD).
  if (blindFault(faults, 'blind19-daily-year-end-order') && meta.granularity === 'daily') {
    const data = [...result.ok.data].sort((a, b) =>
      a.recorded_at.slice(5, 10).localeCompare(b.recorded_at.slice(5, 10)),
    );
    return { ok: { ...result.ok, data } };
  }
  // Blind fault `blind19-raw-long-range-thinned`: a raw range of more than 31 days read from the hourly chart table.
  if (
    blindFault(faults, 'blind19-raw-long-range-thinned') &&
    meta.granularity === 'raw' &&
    parseCalendarDate(meta.to)! - parseCalendarDate(meta.from)! + 1 > 31
  ) {
    return {
      ok: {
        ...result.ok,
        data: result.ok.data.filter((sample) => sample.recorded_at.slice(14, 16) === '00'),
      },
    };
  }
  // Blind fault `blind19-raw-to-day-cut-at-midnight`: raw samples selected with recorded_at <= to, the bare date its 00:00:00Z.
  if (blindFault(faults, 'blind19-raw-to-day-cut-at-midnight') && meta.granularity === 'raw') {
    const end = `${meta.to}T00:00:00Z`;
    return { ok: { ...result.ok, data: result.ok.data.filter((sample) => sample.recorded_at <= end) } };
  }
  // Blind fault `blind18-players-no-samples-data-null`: the samples aggregated with array_agg, NULL over no rows.
  if (blindFault(faults, 'blind18-players-no-samples-data-null') && result.ok.data.length === 0) {
    return { ok: { ...result.ok, data: null as unknown as ServedPlayerHistory['data'] } };
  }
  // Blind fault `blind18-single-day-daily-serves-raw`: a one-day range served from the intraday view, the day's crawler samples.
  if (blindFault(faults, 'blind18-single-day-daily-serves-raw') && meta.from === meta.to) {
    const day = parseCalendarDate(meta.from)! * DAY_SECONDS;
    const now = Math.floor(nowMs / 1000);
    const data = rawSamples(game, day, Math.min(day + DAY_SECONDS - 1, now), now).map((s) => ({
      recorded_at: formatUtcTimestamp(s.t),
      players: s.players,
    }));
    return { ok: { ...result.ok, data } };
  }
  // Blind fault `blind18-daily-gap-carried-forward`: a calendar series with the last value carried forward (LOCF).
  if (
    blindFault(faults, 'blind18-daily-gap-carried-forward') &&
    meta.granularity === 'daily' &&
    result.ok.data.length > 1
  ) {
    const samples = result.ok.data;
    const dayOf = (stamp: string) => Math.floor(Date.parse(stamp) / 1000 / DAY_SECONDS);
    const filled: ServedPlayerHistory['data'] = [samples[0]!];
    for (const sample of samples.slice(1)) {
      const previous = filled[filled.length - 1]!;
      for (let day = dayOf(previous.recorded_at) + 1; day < dayOf(sample.recorded_at); day++) {
        filled.push({ recorded_at: formatUtcTimestamp(day * DAY_SECONDS), players: previous.players });
      }
      filled.push(sample);
    }
    return { ok: { ...result.ok, data: filled } };
  }
  // Blind fault `blind16-raw-month-last-day-missing`: monthly partitions read as [first day, last day), the last day left out.
  if (blindFault(faults, 'blind16-raw-month-last-day-missing') && meta.granularity === 'raw') {
    const lastOfMonth = (stamp: string) => {
      const day = Math.floor(Date.parse(stamp) / 1000 / DAY_SECONDS);
      return formatUtcDate((day + 1) * DAY_SECONDS).slice(8, 10) === '01';
    };
    return {
      ok: { ...result.ok, data: result.ok.data.filter((sample) => !lastOfMonth(sample.recorded_at)) },
    };
  }
  // Blind fault `blind16-daily-samples-carry-stats-fields`: the statistics daily points spread into the samples.
  if (blindFault(faults, 'blind16-daily-samples-carry-stats-fields') && meta.granularity === 'daily') {
    const now = Math.floor(nowMs / 1000);
    const data = result.ok.data.map((sample) => {
      const day = Date.parse(sample.recorded_at) / 1000;
      const players = rawSamples(game, day, day + DAY_SECONDS - 1, now).map((s) => s.players);
      const point =
        players.length === 0
          ? { date: day, count: 0, average: null, min: null, max: null }
          : {
              date: day,
              count: players.length,
              average: Math.round(meanOf(players) * 100) / 100,
              min: Math.min(...players),
              max: Math.max(...players),
            };
      return { ...point, recorded_at: sample.recorded_at, players: sample.players };
    });
    return { ok: { ...result.ok, data } };
  }
  // Blind fault `blind15-raw-samples-capped-1000`: the raw samples read through a list call with its default LIMIT 1000.
  if (
    blindFault(faults, 'blind15-raw-samples-capped-1000') &&
    meta.granularity === 'raw' &&
    result.ok.data.length > RAW_ROW_LIMIT
  ) {
    return { ok: { ...result.ok, data: result.ok.data.slice(0, RAW_ROW_LIMIT) } };
  }
  // Blind fault `blind12-raw-samples-newest-first`: the raw samples in the crawl log index's order, newest first.
  if (blindFault(faults, 'blind12-raw-samples-newest-first') && meta.granularity === 'raw') {
    return { ok: { ...result.ok, data: [...result.ok.data].reverse() } };
  }
  // Blind fault `blind14-players-meta-range-from-samples`: meta's dates read off the first and last sample served.
  if (blindFault(faults, 'blind14-players-meta-range-from-samples') && result.ok.data.length > 0) {
    const days = result.ok.data.map((sample) => sample.recorded_at.slice(0, 10));
    return { ok: { ...result.ok, meta: { ...meta, from: days[0]!, to: days[days.length - 1]! } } };
  }
  // Blind fault `blind3-players-single-day-refused`: the ordering checked as from < to.
  if (blindFault(faults, 'blind3-players-single-day-refused') && meta.from === meta.to) {
    return domainError(422, 'invalid_date_range', `'from' (${meta.from}) must be before 'to' (${meta.to}).`, {
      from: meta.from,
      to: meta.to,
    });
  }
  const raw = meta.granularity === 'raw';
  let data: ServedPlayerHistory['data'] = result.ok.data;
  // Blind fault `blind10-raw-from-midnight-excluded`: the raw samples selected with recorded_at > from (strict).
  if (raw && blindFault(faults, 'blind10-raw-from-midnight-excluded')) {
    data = data.filter((d) => d.recorded_at !== `${meta.from}T00:00:00Z`);
  }
  // Blind fault `blind-players-range-local-midnight`: the dates read as midnights of the server's UTC−5 zone.
  if (blindFault(faults, 'blind-players-range-local-midnight')) {
    const shift = 5 * 3600;
    const startSec = parseCalendarDate(meta.from)! * DAY_SECONDS + shift;
    const endSec = (parseCalendarDate(meta.to)! + 1) * DAY_SECONDS - 1 + shift;
    const now = Math.floor(nowMs / 1000);
    data = raw
      ? rawSamples(game, startSec, Math.min(endSec, now), now).map((s) => ({
          recorded_at: formatUtcTimestamp(s.t),
          players: s.players,
        }))
      : playerHistoryRules({ faults, variants: new Set() })
          .dailyValues(game, startSec, Math.min(endSec, now), now)
          .map((d) => ({ recorded_at: formatUtcTimestamp(d.day), players: d.players }));
  }
  // Blind fault `blind8-raw-failed-crawls-as-zero`: the crawl log read, an attempt that did not reach the game a 0.
  if (raw && blindFault(faults, 'blind8-raw-failed-crawls-as-zero')) {
    data = withFailedCrawls(game, meta.from, meta.to, Math.floor(nowMs / 1000));
  }
  // Blind fault `blind13-raw-repeated-counts-collapsed`: the raw samples read from a change log, a repeated count not stored.
  if (raw && blindFault(faults, 'blind13-raw-repeated-counts-collapsed')) {
    data = data.filter((sample, i) => i === 0 || sample.players !== data[i - 1]!.players);
  }
  // Blind fault `blind7-daily-history-without-today`: daily values read from a roll-up filled at each UTC midnight.
  if (!raw && blindFault(faults, 'blind7-daily-history-without-today')) {
    const today = formatUtcTimestamp(Math.floor(nowMs / 1000 / DAY_SECONDS) * DAY_SECONDS);
    data = data.filter((d) => d.recorded_at < today);
  }
  // Fault `players-to-exclusive`: the range stops before its last day, as a half-open range would.
  const exclusive = faults.has('players-to-exclusive');
  if (exclusive) data = data.filter((d) => d.recorded_at < `${meta.to}T00:00:00Z`);
  // Fault `raw-includes-next-midnight`: the raw samples run on to the midnight after the range.
  if (raw && faults.has('raw-includes-next-midnight')) {
    const nextMidnight = (parseCalendarDate(meta.to)! + (exclusive ? 0 : 1)) * DAY_SECONDS;
    const now = Math.floor(nowMs / 1000);
    const extra = rawSamples(game, nextMidnight, nextMidnight, now).map((s) => ({
      recorded_at: formatUtcTimestamp(s.t),
      players: s.players,
    }));
    data = [...data, ...extra];
  }
  // Fault `daily-stamped-at-noon`: a daily value stamped at its day's 12:00:00Z.
  if (!raw && faults.has('daily-stamped-at-noon')) {
    data = data.map((d) => ({ ...d, recorded_at: d.recorded_at.replace(/T00:00:00Z$/, 'T12:00:00Z') }));
  }
  // Blind fault `blind3-daily-recorded-at-date-only`: a daily row keyed by a DATE column.
  if (!raw && blindFault(faults, 'blind3-daily-recorded-at-date-only')) {
    data = data.map((d) => ({ ...d, recorded_at: d.recorded_at.slice(0, 10) }));
  }
  // Blind fault `blind5-players-empty-days-zero`: a calendar series of days LEFT JOINed with COALESCE(avg, 0).
  if (!raw && blindFault(faults, 'blind5-players-empty-days-zero')) {
    const today = Math.floor(nowMs / 1000 / DAY_SECONDS);
    const last = Math.min(parseCalendarDate(meta.to)!, today);
    const byDay = new Map(data.map((d) => [d.recorded_at, d]));
    const filled: ServedPlayerHistory['data'] = [];
    for (let day = parseCalendarDate(meta.from)!; day <= last; day++) {
      const stamp = formatUtcTimestamp(day * DAY_SECONDS);
      filled.push(byDay.get(stamp) ?? { recorded_at: stamp, players: 0 });
    }
    data = filled;
  }
  // Blind fault `blind6-raw-recorded-at-12-hour-clock`: the time formatted with `hh` (1–12) where `HH` was meant.
  if (raw && blindFault(faults, 'blind6-raw-recorded-at-12-hour-clock')) {
    data = data.map((d) => {
      const hour = Number(d.recorded_at.slice(11, 13)) % 12 || 12;
      return {
        ...d,
        recorded_at: `${d.recorded_at.slice(0, 11)}${String(hour).padStart(2, '0')}${d.recorded_at.slice(13)}`,
      };
    });
  }
  // Fault `player-count-as-text`: a raw count served as the MSSP variable's text.
  if (raw && faults.has('player-count-as-text'))
    data = data.map((d) => ({ ...d, players: String(d.players) }));
  // Fault `players-reverse-chronological`: newest first.
  if (faults.has('players-reverse-chronological')) data = [...data].reverse();
  // Fault `players-meta-always-daily`: meta names daily whatever was served.
  let served = faults.has('players-meta-always-daily') ? { ...meta, granularity: 'daily' as const } : meta;
  // Blind fault `blind4-players-meta-dates-as-timestamps`: meta gives the range's bounds as the timestamps queried.
  if (blindFault(faults, 'blind4-players-meta-dates-as-timestamps')) {
    served = { ...served, from: `${meta.from}T00:00:00Z`, to: `${meta.to}T23:59:59Z` };
  }
  return { ok: { data, meta: served } };
}
