import { METRICS, type GameRecord, type Metric } from '../../../fixtures/src/model.ts';
import { lastSuccessfulConnect, metricAt, sampleTimes } from '../../../fixtures/src/samples.ts';
import type { components } from '../../../spec/generated/openapi.d.ts';
import { parseDateRange } from './date-range.ts';
import { domainError, ok, type DomainResult, type RawQuery } from './domain-result.ts';
import { readEnumParam } from './query-param.ts';
import { roundToHundredths } from './round-to-hundredths.ts';
import { statisticsNotReady } from './statistics-availability.ts';
import {
  bucketStartOf,
  bucketStarts,
  countBuckets,
  RESOLUTIONS,
  type Resolution,
} from './statistics-buckets.ts';
import { formatUtcDate, formatUtcTimestamp } from './utc-format.ts';

export type StatisticsResponse = components['schemas']['StatisticsResponse'];
export type StatisticsPoint = components['schemas']['StatisticsPoint'];

const ERROR_CODE = 'invalid_statistics_query';

/** §4 / §8: at most 1,000 points; a query needing more is refused, not truncated (D9). */
export const MAX_POINTS = 1000;

/** One bucket's observations so far. */
export interface Accumulator {
  count: number;
  sum: number;
  min: number;
  max: number;
}

/**
 * The observations of `metric` between `startSec` and `endSec` (crawls up to `now`), by the key
 * `keyOf` gives each sample's time: the buckets a statistics answer is made of.
 */
export function accumulateSamples(
  game: GameRecord,
  metric: Metric,
  startSec: number,
  endSec: number,
  now: number,
  keyOf: (t: number) => number,
): Map<number, Accumulator> {
  const accumulators = new Map<number, Accumulator>();
  for (const t of sampleTimes(game, startSec, endSec, now)) {
    const value = metricAt(game, metric, t);
    if (value === null) continue;
    const key = keyOf(t);
    const acc = accumulators.get(key);
    if (acc === undefined) accumulators.set(key, { count: 1, sum: value, min: value, max: value });
    else {
      acc.count++;
      acc.sum += value;
      acc.min = Math.min(acc.min, value);
      acc.max = Math.max(acc.max, value);
    }
  }
  return accumulators;
}

/** How statistics are capped and averaged. */
export interface StatisticsRules {
  /** Most points a query may need; Infinity for no cap. */
  maxPoints: number;
  /** A bucket's average from the mean of its observations. */
  roundAverage: (mean: number) => number;
}

/** The API's rules: §8's cap of 1,000 points, averages to two decimals (D13). */
export const STATISTICS_RULES: StatisticsRules = { maxPoints: MAX_POINTS, roundAverage: roundToHundredths };

export function toPoint(
  date: number,
  acc: Accumulator | undefined,
  rules: StatisticsRules = STATISTICS_RULES,
): StatisticsPoint {
  // §4: "missing values are null, not zero" (D10).
  if (acc === undefined || acc.count === 0) return { date, count: 0, average: null, min: null, max: null };
  return {
    date,
    count: acc.count,
    // D7: a number, of two decimals (D13).
    average: rules.roundAverage(acc.sum / acc.count),
    min: acc.min,
    max: acc.max,
  };
}

/**
 * GET /games/{gameId}/statistics (§4 "Statistics endpoints", D6–D11, D15): one point
 * per bucket of the requested range that has begun by `nowMs`, keyed by its natural
 * start. An observation is a successful crawl at which the metric has a value.
 */
export function gameStatistics(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  rules: StatisticsRules = STATISTICS_RULES,
): DomainResult<StatisticsResponse> {
  const metric = readEnumParam<Metric>(query, 'metric', METRICS, 'players', ERROR_CODE);
  if ('error' in metric) return metric;
  const resolution = readEnumParam<Resolution>(query, 'resolution', RESOLUTIONS, 'daily', ERROR_CODE);
  if ('error' in resolution) return resolution;
  const range = parseDateRange(query, nowMs, { maxDays: Infinity, errorCode: ERROR_CODE });
  if ('error' in range) return range;
  const { from, to, startSec, endSec, days } = range.ok;

  // D8: dates are whole UTC days, so "up to 24 hours" of raw points means from = to.
  if (resolution.ok === 'raw' && days !== 1) {
    return domainError(422, ERROR_CODE, "Resolution 'raw' covers one UTC day: 'from' must equal 'to'.", {
      from,
      to,
      resolution: 'raw',
    });
  }
  const { maxPoints } = rules;
  // Without a cap nothing is counted: the count would walk every bucket of the range.
  if (maxPoints < Infinity && countBuckets(resolution.ok, startSec, endSec, maxPoints) > maxPoints) {
    return domainError(
      422,
      ERROR_CODE,
      `The range ${from}..${to} at resolution '${resolution.ok}' needs more than ${maxPoints} points.`,
      { from, to, resolution: resolution.ok, max_points: maxPoints },
    );
  }
  const notReady = statisticsNotReady(game, range.ok);
  if (notReady) return notReady;

  const now = Math.floor(nowMs / 1000);
  const accumulators = accumulateSamples(game, metric.ok, startSec, endSec, now, (t) =>
    bucketStartOf(resolution.ok, t),
  );

  const data: StatisticsPoint[] = [];
  for (const date of bucketStarts(resolution.ok, startSec, endSec)) {
    // Only buckets whose part inside the range has begun; none from the future.
    if (Math.max(date, startSec) > now) break;
    data.push(toPoint(date, accumulators.get(date), rules));
  }

  const latestSample = lastSuccessfulConnect(game, now);
  const coveredFrom = game.crawlStart === null ? null : formatUtcDate(game.crawlStart);
  return ok({
    data,
    meta: {
      game_id: game.id,
      metric: metric.ok,
      resolution: resolution.ok,
      from,
      to,
      freshness: {
        latest_sample_at: latestSample === null ? null : formatUtcTimestamp(latestSample),
        generated_at: formatUtcTimestamp(now),
      },
      backfill: {
        // Dates compare as strings: both are zero-padded YYYY-MM-DD.
        complete: coveredFrom !== null && coveredFrom <= from,
        covered_from: coveredFrom,
      },
    },
  });
}
