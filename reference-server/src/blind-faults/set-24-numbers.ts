/**
 * Blind fault set 24 (set-24.ts): what the numbers go wrong with — plain functions, each called
 * only behind its fault's guard (operations.ts, middleware/rate-limit.ts), so with no fault on
 * nothing here runs. Each one is a counting, rounding or arithmetic slip at an edge: a clamp where
 * a refusal was meant, a 32-bit offset or id, a running mean, a rounded day index, an average of
 * averages, a cap counted in whole weeks, a unit read as another.
 */
import type { Dataset, GameRecord, ReviewRecord } from '../../../fixtures/src/model.ts';
import { CATEGORY_KEYS } from '../../../fixtures/src/model.ts';
import {
  lastSuccessfulConnect,
  metricAt,
  playersAt,
  rawSamples,
  sampleTimes,
} from '../../../fixtures/src/samples.ts';
import { activityPattern, ACTIVITY_PATTERN_RULES } from '../domain/activity-pattern.ts';
import { DAY_SECONDS, parseCalendarDate, parseDateRange } from '../domain/date-range.ts';
import { domainError, type DomainResult, type RawQuery } from '../domain/domain-result.ts';
import type { GameQuery } from '../domain/game-query.ts';
import { MAX_PER_PAGE, tagParameters } from '../domain/game-query.ts';
import { pageLink, type PageRequest, type PaginationLinks } from '../domain/pagination.ts';
import {
  playerHistory,
  PLAYER_HISTORY_RULES,
  type DailyAggregation,
  type DailyValue,
} from '../domain/player-history.ts';
import { roundToHundredths } from '../domain/round-to-hundredths.ts';
import { gameStatistics, STATISTICS_RULES, type StatisticsResponse } from '../domain/statistics.ts';
import { bucketStartOf, type Resolution } from '../domain/statistics-buckets.ts';
import { formatUtcDate } from '../domain/utc-format.ts';
import { reviewsOfGame } from './reviews-of-game.ts';

const HOUR_SECONDS = 3600;

// ---------------------------------------------------------------------------------------------
// GET /games parameters.

/** Blind fault `blind24-per-page-clamped`: the reviews' clamp helper applied to GET /games' per_page. */
export function clampedPerPage(raw: RawQuery): RawQuery {
  const text = raw.per_page;
  if (typeof text !== 'string' || !/^-?[0-9]+$/.test(text)) return raw;
  return { ...raw, per_page: String(Math.min(MAX_PER_PAGE, Math.max(1, Number(text)))) };
}

/** Blind fault `blind24-page-fractional-accepted`: a `page` read with Number() and checked only for `>= 1`, when it is not an integer. */
export function fractionalPage(raw: RawQuery): number | undefined {
  const text = raw.page;
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 1 && !Number.isInteger(value) ? value : undefined;
}

/** Blind fault `blind24-tag-id-wraps-at-2-32`: the parsed tag ids copied into an Int32Array (only the low 32 bits kept). */
export function int32TagIds(tagIds: GameQuery['tagIds']): GameQuery['tagIds'] {
  const wrapped: GameQuery['tagIds'] = {};
  for (const category of CATEGORY_KEYS) {
    const ids = tagIds[category];
    if (ids !== undefined) wrapped[category] = Array.from(Int32Array.from(ids));
  }
  return wrapped;
}

/**
 * Blind fault `blind24-repeated-tag-id-counted-twice`: the query with each tag parameter's repeated
 * ids dropped (the parser sees unique ids), or undefined when nothing is repeated.
 */
export function tagIdsDeduplicated(raw: RawQuery): RawQuery | undefined {
  let repeated = false;
  const deduplicated: RawQuery = { ...raw };
  for (const category of CATEGORY_KEYS) {
    for (const name of tagParameters(category)) {
      const value = raw[name];
      if (!Array.isArray(value)) continue;
      const unique = [...new Set(value)];
      if (unique.length === value.length) continue;
      repeated = true;
      deduplicated[name] = unique.length === 1 ? unique[0] : unique;
    }
  }
  return repeated ? deduplicated : undefined;
}

/**
 * Blind fault `blind24-repeated-tag-id-counted-twice`: the total of a count query joined to the
 * sent tag ids without DISTINCT — each matching game counted once per time its id was sent.
 */
export function totalCountingSentIds(raw: RawQuery, matching: readonly GameRecord[]): number {
  const sent = new Map<string, Map<number, number>>();
  for (const category of CATEGORY_KEYS) {
    const times = new Map<number, number>();
    for (const name of tagParameters(category)) {
      const value = raw[name];
      for (const text of value === undefined ? [] : Array.isArray(value) ? value : [value]) {
        times.set(Number(text), (times.get(Number(text)) ?? 0) + 1);
      }
    }
    if (times.size > 0) sent.set(category, times);
  }
  let total = 0;
  for (const game of matching) {
    let rows = 1;
    for (const [category, times] of sent) {
      const id = game.categories[category as (typeof CATEGORY_KEYS)[number]];
      rows *= id === undefined ? 1 : (times.get(id) ?? 1);
    }
    total += rows;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// Collections.

/** Blind fault `blind24-previous-link-beyond-last`: `previous` whenever `page > 1`, existing or not. */
export function previousWheneverPageAboveOne(links: PaginationLinks, request: PageRequest): PaginationLinks {
  if (request.page <= 1 || links.previous !== undefined) return links;
  return { ...links, previous: pageLink(request.resourceUrl, request.rawQuery, request.page - 1) };
}

/**
 * Blind fault `blind24-reviews-offset-int32-wraps`: the offset `(page − 1) × per_page` computed in a
 * 32-bit signed integer (wrapping), a negative result read as 0; undefined when it does not wrap.
 */
export function int32Offset(page: number, perPage: number): number | undefined {
  const exact = BigInt(page - 1) * BigInt(perPage);
  const wrapped = Number(BigInt.asIntN(32, exact));
  return BigInt(wrapped) === exact ? undefined : Math.max(0, wrapped);
}

// ---------------------------------------------------------------------------------------------
// Game representations.

/** Blind fault `blind24-latest-players-hour-mean`: the mean of the samples of the hour up to the last successful crawl. */
export function latestHourMean(game: GameRecord, now: number): number | null {
  const last = lastSuccessfulConnect(game, now);
  if (last === null) return null;
  const samples = rawSamples(game, last - HOUR_SECONDS + 1, last, now);
  return samples.reduce((sum, sample) => sum + sample.players, 0) / samples.length;
}

interface ReviewBlock {
  count: number;
  average_rating: number | null;
  rating_count: number;
}

function blockOf(reviews: readonly ReviewRecord[]): ReviewBlock {
  const ratings = reviews.flatMap((review) => (review.rating === null ? [] : [review.rating]));
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return {
    count: reviews.length,
    average_rating: ratings.length === 0 ? null : roundToHundredths(sum / ratings.length),
    rating_count: ratings.length,
  };
}

/** Blind fault `blind24-average-rating-running-mean`: the ratings folded oldest first as `avg = (avg + rating) / 2`. */
export function runningMeanRating(dataset: Dataset, gameId: number): number | null {
  let average: number | null = null;
  for (const review of [...reviewsOfGame(dataset, gameId)].reverse()) {
    if (review.rating === null) continue;
    average = average === null ? review.rating : (average + review.rating) / 2;
  }
  return average === null ? null : roundToHundredths(average);
}

/** Blind fault `blind24-detail-review-stats-first-page`: the block computed from the game's 20 newest reviews. */
export function firstPageReviewBlock(dataset: Dataset, gameId: number): ReviewBlock {
  return blockOf(reviewsOfGame(dataset, gameId).slice(0, 20));
}

/** Blind fault `blind24-review-stats-nightly-rollup`: the block as rolled up at the last UTC midnight. */
export function nightlyReviewBlock(dataset: Dataset, gameId: number, now: number): ReviewBlock {
  const midnight = Math.floor(now / DAY_SECONDS) * DAY_SECONDS;
  return blockOf(reviewsOfGame(dataset, gameId).filter((review) => review.submitted < midnight));
}

/** Blind fault `blind24-legacy-rating-halved`: reviews from before this instant (2025-01-01T00:00:00Z) are read as out of 10. */
export const LEGACY_RATING_BEFORE = Date.UTC(2025, 0, 1) / 1000;

// ---------------------------------------------------------------------------------------------
// MSSP.

/** Blind fault `blind24-mssp-ten-digit-numbers-text`: numbers of ten digits or more (past a 32-bit int's 9 safe digits) left as text. */
export function tenDigitNumbersAsText(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'number' && Math.abs(Math.trunc(value)) >= 1e9 ? String(value) : value,
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Player history.

/** Blind fault `blind24-daily-day-index-rounded`: samples grouped by `Math.round(t / day)` instead of its floor. */
const roundedDayMeans: DailyAggregation = (game, startSec, endSec, now) => {
  const days = new Map<number, { sum: number; count: number }>();
  for (const t of sampleTimes(game, startSec, endSec, now)) {
    const day = Math.round(t / DAY_SECONDS) * DAY_SECONDS;
    const acc = days.get(day) ?? { sum: 0, count: 0 };
    acc.sum += playersAt(game, t);
    acc.count += 1;
    days.set(day, acc);
  }
  return [...days].map(([day, { sum, count }]): DailyValue => ({ day, players: Math.round(sum / count) }));
};

/** Blind fault `blind24-daily-mean-of-hourly-means`: a day's value is the rounded mean of its hours' means. */
const meanOfHourlyMeans: DailyAggregation = (game, startSec, endSec, now) => {
  const days = new Map<number, Map<number, { sum: number; count: number }>>();
  for (const t of sampleTimes(game, startSec, endSec, now)) {
    const day = Math.floor(t / DAY_SECONDS) * DAY_SECONDS;
    const hours = days.get(day) ?? new Map<number, { sum: number; count: number }>();
    const hour = Math.floor(t / HOUR_SECONDS);
    const acc = hours.get(hour) ?? { sum: 0, count: 0 };
    acc.sum += playersAt(game, t);
    acc.count += 1;
    hours.set(hour, acc);
    days.set(day, hours);
  }
  return [...days].map(([day, hours]): DailyValue => {
    const means = [...hours.values()].map(({ sum, count }) => sum / count);
    return { day, players: Math.round(means.reduce((a, b) => a + b, 0) / means.length) };
  });
};

export function historyWithRoundedDays(game: GameRecord, query: RawQuery, nowMs: number) {
  return playerHistory(game, query, nowMs, { ...PLAYER_HISTORY_RULES, dailyValues: roundedDayMeans });
}

export function historyOfHourlyMeans(game: GameRecord, query: RawQuery, nowMs: number) {
  return playerHistory(game, query, nowMs, { ...PLAYER_HISTORY_RULES, dailyValues: meanOfHourlyMeans });
}

/**
 * Blind fault `blind24-history-limit-counts-values`: the range limits checked on the values served
 * (at most 365 daily values, at most 90 × 48 raw samples) instead of the days the range spans.
 */
export function historyLimitedByValues(game: GameRecord, query: RawQuery, nowMs: number) {
  const answered = playerHistory(game, query, nowMs, {
    ...PLAYER_HISTORY_RULES,
    maxSpanDays: { daily: Number.POSITIVE_INFINITY, raw: Number.POSITIVE_INFINITY },
  });
  if ('error' in answered) return answered;
  const { granularity, from, to } = answered.ok.meta;
  const most = granularity === 'raw' ? 90 * 48 : 365;
  if (answered.ok.data.length <= most) return answered;
  return domainError(
    422,
    'invalid_date_range',
    `The range ${from}..${to} holds ${answered.ok.data.length} values; at most ${most} are allowed.`,
    { from, to, values: answered.ok.data.length, max_values: most },
  );
}

// ---------------------------------------------------------------------------------------------
// Statistics and the activity pattern.

/**
 * Blind fault `blind24-stats-weekly-cap-whole-weeks`: the weekly point cap counted as
 * `ceil(days / 7)` (whole weeks from `from`), not the calendar weeks the range touches; the
 * statistics answered without the cap when that count is within it, else undefined.
 */
export function weeklyCappedByWholeWeeks(game: GameRecord, raw: RawQuery, nowMs: number) {
  if (raw.resolution !== 'weekly') return undefined;
  const range = parseDateRange(raw, nowMs, {
    maxDays: Number.POSITIVE_INFINITY,
    errorCode: 'invalid_statistics_query',
  });
  if ('error' in range || Math.ceil(range.ok.days / 7) > STATISTICS_RULES.maxPoints) return undefined;
  return gameStatistics(game, raw, nowMs, { ...STATISTICS_RULES, maxPoints: Number.POSITIVE_INFINITY });
}

/**
 * Blind fault `blind24-stats-rollup-extremes-of-hourly-means`: daily, weekly and monthly points take
 * their minimum and maximum from the hourly roll-up's averages instead of the observations.
 */
export function extremesOfHourlyMeans(
  game: GameRecord,
  result: DomainResult<StatisticsResponse>,
  nowMs: number,
): DomainResult<StatisticsResponse> {
  if (!('ok' in result)) return result;
  const { resolution, metric, from, to } = result.ok.meta;
  if (resolution === 'raw' || resolution === 'hourly') return result;
  const fromDay = parseCalendarDate(from);
  const toDay = parseCalendarDate(to);
  if (fromDay === undefined || toDay === undefined) return result;
  const hours = new Map<number, { sum: number; count: number }>();
  const now = Math.floor(nowMs / 1000);
  for (const t of sampleTimes(game, fromDay * DAY_SECONDS, (toDay + 1) * DAY_SECONDS - 1, now)) {
    const value = metricAt(game, metric, t);
    if (value === null) continue;
    const hour = Math.floor(t / HOUR_SECONDS) * HOUR_SECONDS;
    const acc = hours.get(hour) ?? { sum: 0, count: 0 };
    acc.sum += value;
    acc.count += 1;
    hours.set(hour, acc);
  }
  const extremes = new Map<number, { min: number; max: number }>();
  for (const [hour, { sum, count }] of hours) {
    const mean = roundToHundredths(sum / count);
    const bucket = bucketStartOf(resolution as Resolution, hour);
    const seen = extremes.get(bucket);
    extremes.set(bucket, {
      min: Math.min(seen?.min ?? mean, mean),
      max: Math.max(seen?.max ?? mean, mean),
    });
  }
  const data = result.ok.data.map((point) => {
    const found = extremes.get(point.date);
    return point.count === 0 || found === undefined ? point : { ...point, min: found.min, max: found.max };
  });
  return { ok: { ...result.ok, data } };
}

/**
 * Blind fault `blind24-activity-range-snapped-to-weeks`: the range widened to whole weeks (the Monday
 * on or before `from` to the Sunday on or after `to`) so that every weekday is counted alike; `meta`
 * keeps the dates asked. Undefined when the range is refused anyway.
 */
export function activityOverWholeWeeks(game: GameRecord, raw: RawQuery, nowMs: number) {
  const range = parseDateRange(raw, nowMs, {
    maxDays: ACTIVITY_PATTERN_RULES.maxSpanDays,
    errorCode: 'invalid_statistics_query',
  });
  if ('error' in range) return undefined;
  const monday = bucketStartOf('weekly', range.ok.startSec);
  const sunday = bucketStartOf('weekly', range.ok.endSec) + 6 * DAY_SECONDS;
  const widened = activityPattern(
    game,
    { ...raw, from: formatUtcDate(monday), to: formatUtcDate(sunday) },
    nowMs,
    { ...ACTIVITY_PATTERN_RULES, maxSpanDays: ACTIVITY_PATTERN_RULES.maxSpanDays + 12 },
  );
  if (!('ok' in widened)) return widened;
  return { ok: { ...widened.ok, meta: { ...widened.ok.meta, from: range.ok.from, to: range.ok.to } } };
}
