/**
 * The deliberate faults of GET /games/{gameId}/statistics, kept out of
 * domain/statistics.ts: as the rules the points are capped and averaged with, and
 * applied to the points the correct domain code built at the operation boundary
 * (operations.ts). Each deviation names its catalogue entry (faults.ts); with none on,
 * the API's rules and the answer are returned unchanged.
 */
import { METRICS, type GameRecord } from '../../../fixtures/src/model.ts';
import { metricAt, sampleTimes } from '../../../fixtures/src/samples.ts';
import { DAY_SECONDS, parseCalendarDate } from '../domain/date-range.ts';
import { domainError, type DomainResult, type RawQuery } from '../domain/domain-result.ts';
import { bucketStartOf, nextBucketStart, RESOLUTIONS } from '../domain/statistics-buckets.ts';
import {
  gameStatistics,
  STATISTICS_RULES,
  type StatisticsPoint,
  type StatisticsResponse,
  type StatisticsRules,
} from '../domain/statistics.ts';
import { formatUtcDate } from '../domain/utc-format.ts';
import { blindFault } from '../blind-faults/set-1.ts';
import type { Deviations } from './representation.ts';

/** A statistics body as the faults may serve it: an average may be text (fault `stats-average-as-text`). */
export type ServedStatistics = Omit<StatisticsResponse, 'data'> & {
  data: Array<Omit<StatisticsPoint, 'average'> & { average: StatisticsPoint['average'] | string }>;
};

/** The query's `from` and `to` as day numbers, when both are given as valid calendar dates. */
function calendarDays(raw: RawQuery): { fromDay: number; toDay: number } | undefined {
  const fromDay = typeof raw.from === 'string' ? parseCalendarDate(raw.from) : undefined;
  const toDay = typeof raw.to === 'string' ? parseCalendarDate(raw.to) : undefined;
  return fromDay === undefined || toDay === undefined ? undefined : { fromDay, toDay };
}

/** The rules the statistics are computed with: the API's, but for the switched-on faults. */
export function statisticsRules({ faults }: Pick<Deviations, 'faults'>, raw: RawQuery = {}): StatisticsRules {
  if (faults.size === 0) return STATISTICS_RULES;
  const rules: StatisticsRules = { ...STATISTICS_RULES };
  // Blind fault `blind7-stats-hourly-cap-counts-days`: the cap compared with the range's days, whatever the resolution.
  if (blindFault(faults, 'blind7-stats-hourly-cap-counts-days') && raw.resolution === 'hourly') {
    const days = calendarDays(raw);
    if (days === undefined || days.toDay - days.fromDay + 1 <= STATISTICS_RULES.maxPoints) {
      rules.maxPoints = Infinity;
    }
  }
  // Fault `stats-point-cap-ignored`: a query needing more than 1,000 points is answered.
  if (faults.has('stats-point-cap-ignored')) rules.maxPoints = Infinity;
  // Fault `stats-average-as-text` (with deviateStatistics): the exact mean, for toFixed to round.
  if (faults.has('stats-average-as-text')) rules.roundAverage = (mean) => mean;
  // Blind fault `blind4-stats-1000-points-refused`: the cap checked as points >= 1000.
  if (blindFault(faults, 'blind4-stats-1000-points-refused'))
    rules.maxPoints = STATISTICS_RULES.maxPoints - 1;
  return rules;
}

/** Blind fault `blind2-stats-unknown-metric-players`: an unknown metric read as the default one. */
export function deviateStatisticsQuery(
  raw: RawQuery,
  { faults }: Pick<Deviations, 'faults'>,
  nowMs = 0,
): RawQuery {
  // Blind fault `blind12-stats-areas-reads-rooms`: the metric-to-column map sends `areas` to the rooms series.
  if (blindFault(faults, 'blind12-stats-areas-reads-rooms') && raw.metric === 'areas') {
    return { ...raw, metric: 'rooms' };
  }
  // Blind fault `blind8-stats-default-range-calendar-month`: the default `from` is the same day of the month before `to`.
  if (blindFault(faults, 'blind8-stats-default-range-calendar-month') && raw.from === undefined) {
    const toDay =
      raw.to === undefined
        ? Math.floor(nowMs / 1000 / DAY_SECONDS)
        : typeof raw.to === 'string'
          ? parseCalendarDate(raw.to)
          : undefined;
    if (toDay !== undefined) {
      const from = new Date(toDay * DAY_SECONDS * 1000);
      from.setUTCMonth(from.getUTCMonth() - 1);
      return { ...raw, from: formatUtcDate(from.getTime() / 1000) };
    }
  }
  const { metric } = raw;
  if (
    blindFault(faults, 'blind2-stats-unknown-metric-players') &&
    typeof metric === 'string' &&
    !METRICS.some((known) => known === metric)
  ) {
    return { ...raw, metric: undefined };
  }
  return raw;
}

/**
 * Queries refused by a fault before the statistics are computed: fault `stats-raw-day-refused`
 * (every raw range: one UTC day is the only one, and it was read as longer than "up to 24
 * hours"), fault `stats-hourly-cap-extra-day` (hourly over a range whose days + 1 make more than
 * 1,000 hours), blind fault `blind4-stats-weekly-refused` (the accepted resolutions listed
 * without `weekly`).
 */
export function refusedResolution(
  raw: RawQuery,
  { faults }: Pick<Deviations, 'faults'>,
): DomainResult<ServedStatistics> | undefined {
  if (faults.has('stats-raw-day-refused') && raw.resolution === 'raw') {
    return domainError(422, 'invalid_statistics_query', "Resolution 'raw' covers less than 24 hours.", {
      resolution: 'raw',
    });
  }
  if (faults.has('stats-hourly-cap-extra-day') && raw.resolution === 'hourly') {
    const days = calendarDays(raw);
    if (days !== undefined && (days.toDay - days.fromDay + 2) * 24 > STATISTICS_RULES.maxPoints) {
      return domainError(
        422,
        'invalid_statistics_query',
        `The range needs more than ${STATISTICS_RULES.maxPoints} points.`,
        { resolution: 'hourly' },
      );
    }
  }
  if (!blindFault(faults, 'blind4-stats-weekly-refused') || raw.resolution !== 'weekly') return undefined;
  const allowed = RESOLUTIONS.filter((resolution) => resolution !== 'weekly');
  return domainError(
    422,
    'invalid_statistics_query',
    `Parameter 'resolution' must be one of ${allowed.join(', ')}.`,
    { parameter: 'resolution', value: raw.resolution },
  );
}

/**
 * Blind fault `blind2-stats-raw-two-days-accepted`: the raw span checked as to − from <= 1 day,
 * so two whole UTC days are answered (each day's raw points, one after the other). Undefined
 * when the fault is off or the query is not such a raw query.
 */
export function rawTwoDaysAnswer(
  game: GameRecord,
  raw: RawQuery,
  nowMs: number,
  on: Pick<Deviations, 'faults'>,
): DomainResult<ServedStatistics> | undefined {
  if (!blindFault(on.faults, 'blind2-stats-raw-two-days-accepted') || raw.resolution !== 'raw')
    return undefined;
  const { from, to } = raw as { from: string; to: string };
  const days = calendarDays(raw);
  if (days === undefined || days.toDay - days.fromDay !== 1) return undefined;
  const first = gameStatistics(game, { ...raw, to: from }, nowMs, statisticsRules(on));
  const second = gameStatistics(game, { ...raw, from: to }, nowMs, statisticsRules(on));
  if (!('ok' in first)) return deviateStatistics(first, on);
  if (!('ok' in second)) return deviateStatistics(second, on);
  const joined = { data: [...first.ok.data, ...second.ok.data], meta: { ...first.ok.meta, from, to } };
  return deviateStatistics({ ok: joined }, on);
}

/**
 * Blind fault `blind5-stats-reversed-range-empty`: the date ordering is not checked, and the query
 * of a range whose `from` is after its `to` finds no points. Undefined when the fault is off or the
 * range is in order.
 */
export function reversedStatisticsRange(
  game: GameRecord,
  raw: RawQuery,
  nowMs: number,
  on: Pick<Deviations, 'faults'>,
): DomainResult<ServedStatistics> | undefined {
  if (!blindFault(on.faults, 'blind5-stats-reversed-range-empty')) return undefined;
  const { from, to } = raw as { from: string; to: string };
  const days = calendarDays(raw);
  if (days === undefined || days.fromDay <= days.toDay) return undefined;
  const result = gameStatistics(game, { ...raw, from: to, to }, nowMs, statisticsRules(on));
  if (!('ok' in result)) return deviateStatistics(result, on);
  return { ok: { data: [], meta: { ...result.ok.meta, from, to } } };
}

/**
 * Blind fault `blind6-stats-count-includes-missing-values`: a point's count is COUNT(*) of the crawls
 * in its bucket, those at which the metric had no value included (every crawl has a player count, so
 * the players metric's counts are those). Undefined when the fault is off.
 */
export function countingMissingValues(
  game: GameRecord,
  raw: RawQuery,
  nowMs: number,
  on: Pick<Deviations, 'faults'>,
): DomainResult<ServedStatistics> | undefined {
  if (!blindFault(on.faults, 'blind6-stats-count-includes-missing-values')) return undefined;
  const result = gameStatistics(game, raw, nowMs, statisticsRules(on));
  const crawls = gameStatistics(game, { ...raw, metric: 'players' }, nowMs, statisticsRules(on));
  if (!('ok' in result) || !('ok' in crawls)) return deviateStatistics(result, on);
  const counts = new Map(crawls.ok.data.map((point) => [point.date, point.count]));
  const data = result.ok.data.map((point) => ({ ...point, count: counts.get(point.date) ?? point.count }));
  return deviateStatistics({ ok: { ...result.ok, data } }, on);
}

/**
 * Blind fault `blind11-stats-zero-minimum-replaced`: each bucket's minimum folded with
 * `if (!min || value < min) min = value`, so a minimum of 0 reads as "not set yet" and the next
 * value replaces it. Undefined when the fault is off.
 */
export function zeroMinimumReplaced(
  game: GameRecord,
  raw: RawQuery,
  nowMs: number,
  on: Pick<Deviations, 'faults'>,
): DomainResult<ServedStatistics> | undefined {
  if (!blindFault(on.faults, 'blind11-stats-zero-minimum-replaced')) return undefined;
  const result = gameStatistics(game, raw, nowMs, statisticsRules(on, raw));
  if (!('ok' in result)) return deviateStatistics(result, on);
  const { metric, resolution, from, to } = result.ok.meta;
  const minima = new Map<number, number>();
  const startSec = parseCalendarDate(from)! * DAY_SECONDS;
  const endSec = (parseCalendarDate(to)! + 1) * DAY_SECONDS - 1;
  for (const t of sampleTimes(game, startSec, endSec, Math.floor(nowMs / 1000))) {
    const value = metricAt(game, metric, t);
    if (value === null) continue;
    const key = bucketStartOf(resolution, t);
    const min = minima.get(key);
    if (!min || value < min) minima.set(key, value);
  }
  const data = result.ok.data.map((point) =>
    point.count === 0 ? point : { ...point, min: minima.get(point.date) ?? point.min },
  );
  return deviateStatistics({ ok: { ...result.ok, data } }, on);
}

/**
 * Blind fault `blind15-stats-weekly-average-of-daily-means`: weekly and monthly points rolled up
 * from the daily points, their average the plain mean of the days' averages instead of the mean
 * of the observations (count, minimum and maximum are right). Undefined when the fault is off or
 * the resolution is another one.
 */
export function averagedDailyMeans(
  game: GameRecord,
  raw: RawQuery,
  nowMs: number,
  on: Pick<Deviations, 'faults'>,
): DomainResult<ServedStatistics> | undefined {
  if (!blindFault(on.faults, 'blind15-stats-weekly-average-of-daily-means')) return undefined;
  if (raw.resolution !== 'weekly' && raw.resolution !== 'monthly') return undefined;
  const result = gameStatistics(game, raw, nowMs, statisticsRules(on, raw));
  if (!('ok' in result)) return deviateStatistics(result, on);
  const daily = gameStatistics(game, { ...raw, resolution: 'daily' }, nowMs, statisticsRules(on));
  if (!('ok' in daily)) return deviateStatistics(result, on);
  const resolution = result.ok.meta.resolution;
  const means = new Map<number, number[]>();
  for (const point of daily.ok.data) {
    if (point.count === 0 || point.average === null) continue;
    const key = bucketStartOf(resolution, point.date);
    let days = means.get(key);
    if (days === undefined) means.set(key, (days = []));
    days.push(point.average);
  }
  const data = result.ok.data.map((point) => {
    const days = means.get(point.date);
    if (point.count === 0 || days === undefined) return point;
    const average = Math.round((days.reduce((sum, mean) => sum + mean, 0) / days.length) * 100) / 100;
    return { ...point, average };
  });
  return deviateStatistics({ ok: { ...result.ok, data } }, on);
}

/**
 * Blind fault `blind16-stats-raw-served-hourly`: a `raw` query validated as raw (one UTC day) but
 * read from the hourly roll-up, its points hourly buckets under `meta.resolution` raw. Undefined
 * when the fault is off or the query is not a raw one.
 */
export function rawServedHourly(
  game: GameRecord,
  raw: RawQuery,
  nowMs: number,
  on: Pick<Deviations, 'faults'>,
): DomainResult<ServedStatistics> | undefined {
  if (!blindFault(on.faults, 'blind16-stats-raw-served-hourly') || raw.resolution !== 'raw') return undefined;
  const validated = gameStatistics(game, raw, nowMs, statisticsRules(on, raw));
  if (!('ok' in validated)) return deviateStatistics(validated, on);
  const hourly = gameStatistics(game, { ...raw, resolution: 'hourly' }, nowMs, statisticsRules(on, raw));
  if (!('ok' in hourly)) return deviateStatistics(hourly, on);
  return deviateStatistics({ ok: { ...hourly.ok, meta: { ...hourly.ok.meta, resolution: 'raw' } } }, on);
}

/**
 * Blind fault `blind17-stats-clipped-bucket-reads-whole-period`: weekly and monthly points read for
 * whole natural periods, so a first period clipped by `from` aggregates its days before `from` too.
 * Undefined when the fault is off or the resolution is another.
 */
export function wholePeriodFirstBucket(
  game: GameRecord,
  raw: RawQuery,
  nowMs: number,
  on: Pick<Deviations, 'faults'>,
): DomainResult<ServedStatistics> | undefined {
  if (!blindFault(on.faults, 'blind17-stats-clipped-bucket-reads-whole-period')) return undefined;
  if (raw.resolution !== 'weekly' && raw.resolution !== 'monthly') return undefined;
  const result = gameStatistics(game, raw, nowMs, statisticsRules(on, raw));
  if (!('ok' in result) || result.ok.data.length === 0) return deviateStatistics(result, on);
  const first = result.ok.data[0]!;
  const periodStart = formatUtcDate(first.date);
  if (periodStart === result.ok.meta.from) return deviateStatistics(result, on);
  const whole = gameStatistics(
    game,
    { ...raw, from: periodStart, to: result.ok.meta.to },
    nowMs,
    statisticsRules(on, raw),
  );
  if (!('ok' in whole) || whole.ok.data[0]?.date !== first.date) return deviateStatistics(result, on);
  const data = [whole.ok.data[0], ...result.ok.data.slice(1)];
  return deviateStatistics({ ok: { ...result.ok, data } }, on);
}

/** The statistics as the switched-on faults would answer them (the rules' deviations aside). */
export function deviateStatistics(
  result: DomainResult<StatisticsResponse>,
  { faults }: Pick<Deviations, 'faults'>,
): DomainResult<ServedStatistics> {
  if (faults.size === 0) return result;
  if (!('ok' in result)) {
    // Blind fault `blind18-stats-422-message-array`: the validator's list of issues passed on as the message.
    if (
      blindFault(faults, 'blind18-stats-422-message-array') &&
      result.error.code === 'invalid_statistics_query'
    ) {
      return { error: { ...result.error, message: [result.error.message] as unknown as string } };
    }
    // Blind fault `blind-statistics-date-error-code`: the date parsing (and its code) copied from player history.
    const details = (result.error.details ?? {}) as Record<string, unknown>;
    const aboutDates = details.parameter === 'from' || details.parameter === 'to' || 'from' in details;
    if (
      blindFault(faults, 'blind-statistics-date-error-code') &&
      result.error.code === 'invalid_statistics_query' &&
      aboutDates
    ) {
      return { error: { ...result.error, code: 'invalid_date_range' } };
    }
    // Blind fault `blind9-stats-unavailable-500`: the backend's "unavailable" error not mapped, left to the error handler.
    if (
      blindFault(faults, 'blind9-stats-unavailable-500') &&
      result.error.code === 'statistics_unavailable'
    ) {
      return {
        error: { status: 500, code: 'internal_error', message: 'The server could not complete the request.' },
      };
    }
    // Blind fault `blind2-stats-pending-reported-unavailable`: every not-ready state answered as unavailable.
    if (
      blindFault(faults, 'blind2-stats-pending-reported-unavailable') &&
      result.error.code === 'statistics_pending'
    ) {
      return { error: { ...result.error, code: 'statistics_unavailable' } };
    }
    return result;
  }
  // Blind fault `blind3-stats-date-milliseconds`: the bucket start passed on as Date#getTime().
  const date = (point: StatisticsPoint) =>
    blindFault(faults, 'blind3-stats-date-milliseconds') ? point.date * 1000 : point.date;
  const data = result.ok.data.map((point): ServedStatistics['data'][number] => {
    if (point.count === 0) {
      // Fault `stats-zero-for-missing`: an empty bucket's aggregates are 0, not null.
      return faults.has('stats-zero-for-missing')
        ? { ...point, date: date(point), average: 0, min: 0, max: 0 }
        : { ...point, date: date(point) };
    }
    // Fault `stats-min-max-swapped`: min and max exchanged.
    const [min, max] = faults.has('stats-min-max-swapped') ? [point.max, point.min] : [point.min, point.max];
    // Fault `stats-average-as-text`: the mean serialised with toFixed(2), a string.
    const average = faults.has('stats-average-as-text') ? point.average!.toFixed(2) : point.average;
    // Blind fault `blind10-stats-minimum-initialised-zero`: the accumulator's minimum started at 0, not the first value.
    if (blindFault(faults, 'blind10-stats-minimum-initialised-zero'))
      return { ...point, date: date(point), average, min: Math.min(0, min!), max };
    // Blind fault `blind13-stats-average-is-midrange`: the average taken as the midpoint of the bucket's extremes.
    if (blindFault(faults, 'blind13-stats-average-is-midrange'))
      return { ...point, date: date(point), average: Math.round(((min! + max!) / 2) * 100) / 100, min, max };
    return { ...point, date: date(point), average, min, max };
  });
  // Blind fault `blind14-stats-min-max-over-whole-range`: MIN/MAX window functions without a partition by bucket.
  if (blindFault(faults, 'blind14-stats-min-max-over-whole-range')) {
    const observed = result.ok.data.filter((point) => point.count > 0);
    if (observed.length > 0) {
      const min = Math.min(...observed.map((point) => point.min!));
      const max = Math.max(...observed.map((point) => point.max!));
      return {
        ok: {
          ...result.ok,
          data: data.map((point) => (point.count > 0 ? { ...point, min, max } : point)),
        },
      };
    }
  }
  // Blind fault `blind18-stats-calendar-buckets-date-text`: weekly and monthly points keyed by a DATE, passed on as its text.
  const { resolution } = result.ok.meta;
  if (
    blindFault(faults, 'blind18-stats-calendar-buckets-date-text') &&
    (resolution === 'weekly' || resolution === 'monthly')
  ) {
    const dated = data.map((point) => ({ ...point, date: formatUtcDate(point.date) as unknown as number }));
    return { ok: { ...result.ok, data: dated } };
  }
  // Fault `stats-weekly-no-points`: the weekly roll-up joined on a week key that never matches.
  if (faults.has('stats-weekly-no-points') && resolution === 'weekly') {
    return { ok: { ...result.ok, data: [] } };
  }
  // Fault `stats-raw-one-per-hour`: raw samples grouped by their hour, each hour's first kept.
  if (faults.has('stats-raw-one-per-hour') && resolution === 'raw') {
    const hours = new Set<number>();
    const firsts = data.filter((point) => {
      const hour = Math.floor(point.date / 3600);
      return hours.has(hour) ? false : (hours.add(hour), true);
    });
    return { ok: { ...result.ok, data: firsts } };
  }
  return { ok: { ...result.ok, data } };
}

/**
 * Variant `stats-buckets-keyed-by-end` (D7 leaves a point's date open): every bucket's point
 * keyed by its end — the next bucket's natural start — as a server counting "up to" a time
 * would; raw points stay keyed by their sample's time.
 */
export function keyedByEnd(
  result: DomainResult<unknown>,
  { variants }: Pick<Deviations, 'variants'>,
): DomainResult<unknown> {
  if (!variants.has('stats-buckets-keyed-by-end') || !('ok' in result)) return result;
  // A variant runs without faults: the answer is the domain's statistics.
  const answer = result.ok as ServedStatistics;
  const { resolution } = answer.meta;
  if (resolution === 'raw') return result;
  const data = answer.data.map((point) => ({ ...point, date: nextBucketStart(resolution, point.date) }));
  return { ok: { ...answer, data } };
}
