/**
 * The deliberate faults and legitimate variants of GET /games/{gameId}/activity-pattern,
 * kept out of domain/activity-pattern.ts: as the rules the pattern is read with (the
 * zone resolver, the longest range, the observations an average needs), and applied to
 * the cells the correct domain code built at the operation boundary (operations.ts).
 * Each deviation names its catalogue entry (faults.ts, variants.ts); with none on, the
 * API's rules and the answer are returned unchanged.
 */
import { IANAZone } from 'luxon';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { playersAt, sampleTimes } from '../../../fixtures/src/samples.ts';
import {
  ACTIVITY_PATTERN_RULES,
  MAX_SPAN_DAYS,
  MIN_OBSERVATIONS_FOR_AVERAGE,
  type ActivityPatternResponse,
  type ActivityPatternRules,
} from '../domain/activity-pattern.ts';
import { DAY_SECONDS, parseCalendarDate } from '../domain/date-range.ts';
import type { DomainResult, RawQuery } from '../domain/domain-result.ts';
import { roundToHundredths } from '../domain/round-to-hundredths.ts';
import { CANONICAL_ZONES, resolveTimeZone } from '../domain/time-zone.ts';
import { formatUtcDate } from '../domain/utc-format.ts';
import { blindFault } from '../blind-faults/set-1.ts';
import type { Deviations } from './representation.ts';

/** Variant `timezone-aliases-refused` (D53): only the runtime's own list of zone ids, exactly as listed. */
function canonicalZoneOnly(name: string): string | undefined {
  return CANONICAL_ZONES.has(name) ? name : undefined;
}

/** Blind fault `blind17-explicit-utc-zone-refused`: the zones the runtime lists (no `UTC` among them). */
const SUPPORTED_ZONES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('timeZone'));

/** The rules the pattern is read with: the API's, but for the switched-on deviations. */
export function activityPatternRules(
  { faults, variants }: Pick<Deviations, 'faults' | 'variants'>,
  query?: RawQuery,
  nowMs = 0,
): ActivityPatternRules {
  if (faults.size === 0 && variants.size === 0) return ACTIVITY_PATTERN_RULES;
  const rules: ActivityPatternRules = { ...ACTIVITY_PATTERN_RULES };
  // Blind fault `blind3-activity-default-zone-server-local`: no timezone read as the server's own zone.
  if (blindFault(faults, 'blind3-activity-default-zone-server-local') && query?.timezone === undefined) {
    const resolve = rules.resolveTimeZone;
    rules.resolveTimeZone = (name) => (name === 'UTC' ? 'America/New_York' : resolve(name));
  }
  if (variants.has('timezone-aliases-refused')) rules.resolveTimeZone = canonicalZoneOnly;
  // Blind fault `blind17-explicit-utc-zone-refused`: an explicit zone checked against Intl.supportedValuesOf('timeZone'), which lacks UTC.
  if (blindFault(faults, 'blind17-explicit-utc-zone-refused') && query?.timezone !== undefined) {
    const resolve = rules.resolveTimeZone;
    rules.resolveTimeZone = (name) => {
      const zone = resolve(name);
      return zone === undefined || !SUPPORTED_ZONES.has(zone) ? undefined : zone;
    };
  }
  // Blind fault `blind17-activity-zone-skips-range-limit`: a zone other than UTC takes a branch without the 90-day check.
  if (
    blindFault(faults, 'blind17-activity-zone-skips-range-limit') &&
    typeof query?.timezone === 'string' &&
    query.timezone !== 'UTC'
  ) {
    rules.maxSpanDays = Number.POSITIVE_INFINITY;
  }
  // Fault `invalid-timezone-accepted`: a name that is no IANA zone reads as UTC.
  if (faults.has('invalid-timezone-accepted')) {
    const resolve = rules.resolveTimeZone;
    rules.resolveTimeZone = (name) => resolve(name) ?? 'UTC';
  }
  // Fault `activity-pattern-91-days-accepted`: a range one day too long is accepted.
  if (faults.has('activity-pattern-91-days-accepted')) rules.maxSpanDays = MAX_SPAN_DAYS + 1;
  // Fault `activity-null-threshold-2`: two observations are enough for an average.
  if (faults.has('activity-null-threshold-2')) rules.minObservationsForAverage = 2;
  // Blind fault `blind2-activity-timezone-sign-inverted`: a whole-hour offset applied as POSIX `Etc/GMT±h` names sign it.
  if (blindFault(faults, 'blind2-activity-timezone-sign-inverted')) {
    const resolve = rules.resolveTimeZone;
    rules.resolveTimeZone = (name) => {
      const zone = resolve(name);
      const minutes = zone === undefined ? 0 : IANAZone.create(zone).offset(Date.now());
      if (minutes === 0 || minutes % 60 !== 0) return zone;
      return `Etc/GMT${minutes > 0 ? '+' : '-'}${Math.abs(minutes / 60)}`;
    };
  }
  // Blind fault `blind8-activity-offset-whole-hours`: the zone's offset taken in whole hours, Math.trunc(minutes / 60).
  if (blindFault(faults, 'blind8-activity-offset-whole-hours')) {
    const resolve = rules.resolveTimeZone;
    rules.resolveTimeZone = (name) => {
      const zone = resolve(name);
      const minutes = zone === undefined ? 0 : IANAZone.create(zone).offset(nowMs);
      if (minutes % 60 === 0) return zone;
      const hours = Math.trunc(minutes / 60);
      // POSIX-style names: `Etc/GMT-9` is UTC+9.
      return hours === 0 ? 'Etc/GMT' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
    };
  }
  // Blind fault `blind6-activity-three-observations-null`: "fewer than three" compared with <= 3.
  if (blindFault(faults, 'blind6-activity-three-observations-null')) {
    rules.minObservationsForAverage = MIN_OBSERVATIONS_FOR_AVERAGE + 1;
  }
  // Blind fault `blind5-activity-90-days-refused`: the span compared with < 90 instead of <= 90.
  if (blindFault(faults, 'blind5-activity-90-days-refused')) rules.maxSpanDays = MAX_SPAN_DAYS - 1;
  // Blind fault `blind5-activity-offset-fixed-at-now`: the zone's offset read once, at the request, for every sample.
  if (blindFault(faults, 'blind5-activity-offset-fixed-at-now')) {
    const resolve = rules.resolveTimeZone;
    rules.resolveTimeZone = (name) => {
      const zone = resolve(name);
      if (zone === undefined) return zone;
      const minutes = IANAZone.create(zone).offset(nowMs);
      if (minutes % 60 !== 0) return zone;
      // POSIX-style names: `Etc/GMT+5` is UTC−5.
      return minutes === 0 ? 'Etc/GMT' : `Etc/GMT${minutes > 0 ? '-' : '+'}${Math.abs(minutes / 60)}`;
    };
  }
  // Blind fault `blind11-activity-offset-zone-accepted`: the zone read by a date library that also takes fixed UTC offsets.
  if (blindFault(faults, 'blind11-activity-offset-zone-accepted')) {
    const resolve = rules.resolveTimeZone;
    rules.resolveTimeZone = (name) => resolve(name) ?? fixedOffsetZone(name);
  }
  return rules;
}

/**
 * Blind fault `blind11-activity-offset-zone-accepted`: `+09:00`, `UTC+9`, `GMT-5` … as the zone of that
 * whole-hour offset (POSIX-style names: `Etc/GMT-9` is UTC+9); undefined for anything else.
 */
function fixedOffsetZone(name: string): string | undefined {
  const match = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(00))?$/.exec(name);
  if (!match) return undefined;
  const hours = Number(match[2]);
  if (hours > 14) return undefined;
  return hours === 0 ? 'UTC' : `Etc/GMT${match[1] === '+' ? '-' : '+'}${hours}`;
}

/** Blind fault `blind2-activity-ignores-unavailable`: the game read as if its statistics were ready. */
export function activityPatternGame(game: GameRecord, { faults }: Pick<Deviations, 'faults'>): GameRecord {
  if (!blindFault(faults, 'blind2-activity-ignores-unavailable') || game.statisticsState !== 'unavailable')
    return game;
  return Object.create(game, { statisticsState: { value: 'ready' } }) as GameRecord;
}

/** Blind fault `blind2-activity-default-range-90-days`: without `from`, the range is the longest allowed. */
export function deviateActivityQuery(
  raw: RawQuery,
  nowMs: number,
  { faults }: Pick<Deviations, 'faults'>,
): RawQuery {
  // Blind fault `blind4-activity-malformed-date-500`: the dates normalised through Date before they are checked;
  // one Date cannot read makes toISOString() throw (RangeError: Invalid time value), an unhandled 500.
  if (blindFault(faults, 'blind4-activity-malformed-date-500')) {
    for (const text of [raw.from, raw.to]) {
      if (typeof text === 'string' && Number.isNaN(Date.parse(text))) new Date(text).toISOString();
    }
  }
  if (!blindFault(faults, 'blind2-activity-default-range-90-days') || raw.from !== undefined) return raw;
  const to = typeof raw.to === 'string' ? parseCalendarDate(raw.to) : Math.floor(nowMs / 1000 / DAY_SECONDS);
  if (to === undefined) return raw;
  return { ...raw, from: formatUtcDate((to - (MAX_SPAN_DAYS - 1)) * DAY_SECONDS) };
}

/** The pattern as the switched-on faults would answer it (the rules' deviations aside). */
export function deviateActivityPattern(
  result: DomainResult<ActivityPatternResponse>,
  { faults }: Pick<Deviations, 'faults'>,
): DomainResult<ActivityPatternResponse> {
  // Blind fault `blind10-activity-range-error-code`: the 90-day limit checked by the player history's validator, with its code.
  if (
    blindFault(faults, 'blind10-activity-range-error-code') &&
    'error' in result &&
    result.error.code === 'invalid_statistics_query' &&
    (result.error.details as { max_days?: unknown } | undefined)?.max_days !== undefined
  ) {
    return { error: { ...result.error, code: 'invalid_date_range' } };
  }
  if (faults.size === 0 || !('ok' in result)) return result;
  let data = result.ok.data;
  // Fault `activity-hours-one-based`: hours 1–24 instead of D12's 0–23.
  if (faults.has('activity-hours-one-based')) data = data.map((cell) => ({ ...cell, hour: cell.hour + 1 }));
  // Fault `activity-pattern-167-cells`: the last cell (Sunday 23h) left out.
  if (faults.has('activity-pattern-167-cells')) data = data.slice(0, -1);
  // Blind fault `blind13-activity-empty-cells-omitted`: the cells grouped from the samples, no weekday × hour calendar joined.
  if (blindFault(faults, 'blind13-activity-empty-cells-omitted'))
    data = data.filter((cell) => cell.count > 0);
  // Fault `activity-zero-for-empty-cell`: a cell without observations averages 0.
  if (faults.has('activity-zero-for-empty-cell')) {
    data = data.map((cell) => (cell.count === 0 ? { ...cell, average: 0 } : cell));
  }
  return { ok: { ...result.ok, data } };
}

/**
 * Blind fault `blind6-activity-range-in-local-zone`: `from` and `to` read as dates of the requested
 * zone, the range running from local midnight to local midnight; the cells are counted again over
 * that range. The answer unchanged when the fault is off, the query refused, or the zone is UTC.
 */
export function localZoneRange(
  game: GameRecord,
  result: DomainResult<ActivityPatternResponse>,
  nowMs: number,
  { faults }: Pick<Deviations, 'faults'>,
): DomainResult<ActivityPatternResponse> {
  // Blind fault `blind9-activity-to-exclusive`: the samples counted up to `to` 00:00Z, excluded (a half-open range).
  if (blindFault(faults, 'blind9-activity-to-exclusive') && 'ok' in result) {
    const { meta } = result.ok;
    const zone = IANAZone.create(resolveTimeZone(meta.timezone) ?? 'UTC');
    const start = parseCalendarDate(meta.from)! * DAY_SECONDS;
    const end = parseCalendarDate(meta.to)! * DAY_SECONDS - 1;
    return recounted(game, result.ok, start, end, nowMs, (t) => t + zone.offset(t * 1000) * 60);
  }
  if (!blindFault(faults, 'blind6-activity-range-in-local-zone') || !('ok' in result)) return result;
  const { meta } = result.ok;
  const zoneName = resolveTimeZone(meta.timezone);
  if (zoneName === undefined) return result;
  const zone = IANAZone.create(zoneName);
  /** The UTC instant of a local midnight: the day's UTC midnight less the zone's offset there. */
  const localMidnight = (day: number) => day * DAY_SECONDS - zone.offset(day * DAY_SECONDS * 1000) * 60;
  const start = localMidnight(parseCalendarDate(meta.from)!);
  const end = localMidnight(parseCalendarDate(meta.to)! + 1) - 1;
  if (start === parseCalendarDate(meta.from)! * DAY_SECONDS) return result;
  return recounted(game, result.ok, start, end, nowMs, (t) => t + zone.offset(t * 1000) * 60);
}

/**
 * Blind fault `blind7-activity-on-the-hour-in-previous-hour`: a sample's hour computed as
 * `ceil(minutes / 60) − 1`, so a sample taken exactly on the hour counts in the hour before (a
 * midnight sample in the previous weekday's 23h); the cells are counted again that way. The answer
 * unchanged when the fault is off or the query refused.
 */
export function onTheHourInPreviousHour(
  game: GameRecord,
  result: DomainResult<ActivityPatternResponse>,
  nowMs: number,
  { faults }: Pick<Deviations, 'faults'>,
): DomainResult<ActivityPatternResponse> {
  if (!blindFault(faults, 'blind7-activity-on-the-hour-in-previous-hour') || !('ok' in result)) return result;
  const { meta } = result.ok;
  const zoneName = resolveTimeZone(meta.timezone);
  if (zoneName === undefined) return result;
  const zone = IANAZone.create(zoneName);
  const start = parseCalendarDate(meta.from)! * DAY_SECONDS;
  const end = (parseCalendarDate(meta.to)! + 1) * DAY_SECONDS - 1;
  // One second back: ceil(x) − 1 for the whole seconds a sample is taken at.
  return recounted(game, result.ok, start, end, nowMs, (t) => t + zone.offset(t * 1000) * 60 - 1);
}

/**
 * The pattern's cells counted again over the samples in [start, end] (epoch seconds), each in
 * the weekday and hour of `local(t)` (its local reading, in epoch seconds): the blind faults that
 * place samples in other cells than the reference does.
 */
function recounted(
  game: GameRecord,
  { data, meta }: ActivityPatternResponse,
  start: number,
  end: number,
  nowMs: number,
  local: (t: number) => number,
): DomainResult<ActivityPatternResponse> {
  const counts = new Array<number>(168).fill(0);
  const sums = new Array<number>(168).fill(0);
  for (const t of sampleTimes(game, start, end, Math.floor(nowMs / 1000))) {
    const at = local(t);
    const day = Math.floor(at / DAY_SECONDS);
    const cell = ((((day + 3) % 7) + 7) % 7) * 24 + Math.floor((at - day * DAY_SECONDS) / 3600);
    counts[cell] = (counts[cell] ?? 0) + 1;
    sums[cell] = (sums[cell] ?? 0) + playersAt(game, t);
  }
  return {
    ok: {
      data: data.map((cell, i) => ({
        ...cell,
        count: counts[i]!,
        average: counts[i]! < MIN_OBSERVATIONS_FOR_AVERAGE ? null : roundToHundredths(sums[i]! / counts[i]!),
      })),
      meta,
    },
  };
}

/**
 * Blind fault `blind10-activity-weekday-utc`: a sample's hour read in the requested zone but its
 * weekday in UTC; the cells are counted again that way. The answer unchanged when the fault is
 * off or the query refused.
 */
export function weekdayInUtc(
  game: GameRecord,
  result: DomainResult<ActivityPatternResponse>,
  nowMs: number,
  { faults }: Pick<Deviations, 'faults'>,
): DomainResult<ActivityPatternResponse> {
  if (!blindFault(faults, 'blind10-activity-weekday-utc') || !('ok' in result)) return result;
  const { data, meta } = result.ok;
  const zoneName = resolveTimeZone(meta.timezone);
  if (zoneName === undefined) return result;
  const zone = IANAZone.create(zoneName);
  const start = parseCalendarDate(meta.from)! * DAY_SECONDS;
  const end = (parseCalendarDate(meta.to)! + 1) * DAY_SECONDS - 1;
  const counts = new Array<number>(168).fill(0);
  const sums = new Array<number>(168).fill(0);
  for (const t of sampleTimes(game, start, end, Math.floor(nowMs / 1000))) {
    const local = t + zone.offset(t * 1000) * 60;
    const hour = Math.floor((local - Math.floor(local / DAY_SECONDS) * DAY_SECONDS) / 3600);
    const utcDay = Math.floor(t / DAY_SECONDS);
    const cell = ((((utcDay + 3) % 7) + 7) % 7) * 24 + hour;
    counts[cell] = (counts[cell] ?? 0) + 1;
    sums[cell] = (sums[cell] ?? 0) + playersAt(game, t);
  }
  return {
    ok: {
      data: data.map((cell, i) => ({
        ...cell,
        count: counts[i]!,
        average: counts[i]! < MIN_OBSERVATIONS_FOR_AVERAGE ? null : roundToHundredths(sums[i]! / counts[i]!),
      })),
      meta,
    },
  };
}

/**
 * Blind fault `blind14-activity-count-distinct-days`: a cell's count is the number of distinct
 * local dates with samples in it (`COUNT(DISTINCT date)`), and the three-observation rule is
 * applied to that count; the averages given are the samples' means.
 */
export function countingDistinctDays(
  game: GameRecord,
  result: DomainResult<ActivityPatternResponse>,
  nowMs: number,
  { faults }: Pick<Deviations, 'faults'>,
): DomainResult<ActivityPatternResponse> {
  if (!blindFault(faults, 'blind14-activity-count-distinct-days') || !('ok' in result)) return result;
  const { data, meta } = result.ok;
  const zoneName = resolveTimeZone(meta.timezone);
  if (zoneName === undefined) return result;
  const zone = IANAZone.create(zoneName);
  const start = parseCalendarDate(meta.from)! * DAY_SECONDS;
  const end = (parseCalendarDate(meta.to)! + 1) * DAY_SECONDS - 1;
  const days = Array.from({ length: 168 }, () => new Set<number>());
  const counts = new Array<number>(168).fill(0);
  const sums = new Array<number>(168).fill(0);
  for (const t of sampleTimes(game, start, end, Math.floor(nowMs / 1000))) {
    const local = t + zone.offset(t * 1000) * 60;
    const day = Math.floor(local / DAY_SECONDS);
    const hour = Math.floor((local - day * DAY_SECONDS) / 3600);
    const cell = ((((day + 3) % 7) + 7) % 7) * 24 + hour;
    days[cell]!.add(day);
    counts[cell] = (counts[cell] ?? 0) + 1;
    sums[cell] = (sums[cell] ?? 0) + playersAt(game, t);
  }
  return {
    ok: {
      data: data.map((cell, i) => ({
        ...cell,
        count: days[i]!.size,
        average:
          days[i]!.size < MIN_OBSERVATIONS_FOR_AVERAGE ? null : roundToHundredths(sums[i]! / counts[i]!),
      })),
      meta,
    },
  };
}

/**
 * Blind fault `blind15-activity-average-per-day`: a cell's average is the sum of its samples over
 * the number of dates of its weekday in the range (players per day at that hour), not over its
 * observations; counts and the null averages are the reference's.
 */
export function averagedPerDay(
  game: GameRecord,
  result: DomainResult<ActivityPatternResponse>,
  nowMs: number,
  { faults }: Pick<Deviations, 'faults'>,
): DomainResult<ActivityPatternResponse> {
  if (!blindFault(faults, 'blind15-activity-average-per-day') || !('ok' in result)) return result;
  const { data, meta } = result.ok;
  const zoneName = resolveTimeZone(meta.timezone);
  if (zoneName === undefined) return result;
  const zone = IANAZone.create(zoneName);
  const fromDay = parseCalendarDate(meta.from)!;
  const toDay = parseCalendarDate(meta.to)!;
  const dates = new Array<number>(7).fill(0);
  for (let day = fromDay; day <= toDay; day++) dates[(((day + 3) % 7) + 7) % 7]! += 1;
  const sums = new Array<number>(168).fill(0);
  const end = (toDay + 1) * DAY_SECONDS - 1;
  for (const t of sampleTimes(game, fromDay * DAY_SECONDS, end, Math.floor(nowMs / 1000))) {
    const local = t + zone.offset(t * 1000) * 60;
    const day = Math.floor(local / DAY_SECONDS);
    const cell = ((((day + 3) % 7) + 7) % 7) * 24 + Math.floor((local - day * DAY_SECONDS) / 3600);
    sums[cell] = (sums[cell] ?? 0) + playersAt(game, t);
  }
  return {
    ok: {
      data: data.map((cell, i) => {
        const days = dates[Math.floor(i / 24)]!;
        return cell.average === null || days === 0
          ? cell
          : { ...cell, average: roundToHundredths(sums[i]! / days) };
      }),
      meta,
    },
  };
}

/** The median of some player counts (PERCENTILE_CONT(0.5): the mean of the middle two of an even count). */
function medianOf(players: readonly number[]): number {
  const sorted = [...players].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Blind fault `blind16-activity-average-is-median`: a cell's average taken with the percentile
 * helper at 0.5, the median of its samples, instead of their mean; counts and the null averages
 * are the reference's.
 */
export function medianPerCell(
  game: GameRecord,
  result: DomainResult<ActivityPatternResponse>,
  nowMs: number,
  { faults }: Pick<Deviations, 'faults'>,
): DomainResult<ActivityPatternResponse> {
  if (!blindFault(faults, 'blind16-activity-average-is-median') || !('ok' in result)) return result;
  const { data, meta } = result.ok;
  const zoneName = resolveTimeZone(meta.timezone);
  if (zoneName === undefined) return result;
  const zone = IANAZone.create(zoneName);
  const fromDay = parseCalendarDate(meta.from)!;
  const toDay = parseCalendarDate(meta.to)!;
  const cells = Array.from({ length: 168 }, () => [] as number[]);
  const end = (toDay + 1) * DAY_SECONDS - 1;
  for (const t of sampleTimes(game, fromDay * DAY_SECONDS, end, Math.floor(nowMs / 1000))) {
    const local = t + zone.offset(t * 1000) * 60;
    const day = Math.floor(local / DAY_SECONDS);
    const cell = ((((day + 3) % 7) + 7) % 7) * 24 + Math.floor((local - day * DAY_SECONDS) / 3600);
    cells[cell]!.push(playersAt(game, t));
  }
  return {
    ok: {
      data: data.map((cell, i) =>
        cell.average === null || cells[i]!.length === 0
          ? cell
          : { ...cell, average: roundToHundredths(medianOf(cells[i]!)) },
      ),
      meta,
    },
  };
}

/** Blind fault `blind12-activity-cache-ignores-timezone`: per server's fault set, the first query of each game and dates. */
const zonelessCache = new WeakMap<ReadonlySet<string>, Map<string, RawQuery>>();

/**
 * Blind fault `blind12-activity-cache-ignores-timezone`: the pattern cached under the game and the
 * dates without the timezone, so a later request for the same game and dates is computed with the
 * first request's query (its zone included).
 */
export function cachedWithoutZone(
  game: GameRecord,
  raw: RawQuery,
  { faults }: Pick<Deviations, 'faults'>,
): RawQuery {
  if (!blindFault(faults, 'blind12-activity-cache-ignores-timezone')) return raw;
  let cache = zonelessCache.get(faults);
  if (cache === undefined) zonelessCache.set(faults, (cache = new Map()));
  const key = `${game.id} ${String(raw.from)} ${String(raw.to)}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  cache.set(key, raw);
  return raw;
}
