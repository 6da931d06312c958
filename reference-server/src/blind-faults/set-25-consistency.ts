/**
 * Blind fault set 25 (set-25.ts): the second doors through which a fact is read wrong — plain
 * functions, each called only behind its fault's guard (operations.ts), so with no fault on nothing
 * here runs. Each one reads a fact from another place than the API's other answers do: an edit
 * column that is NULL until the first edit, a vote table, a review counter, the crawler's
 * "reachable" state, a search index rebuilt at midnight, the crawler's reconnect events, a review
 * flag, the statistics roll-up.
 */
import type { Dataset, GameRecord } from '../../../fixtures/src/model.ts';
import { CRAWL_INTERVAL_SECONDS } from '../../../fixtures/src/model.ts';
import { lastSuccessfulConnect, metricAt, sampleTimes } from '../../../fixtures/src/samples.ts';
import { gridCeil } from '../../../fixtures/src/time.ts';
import { DAY_SECONDS, parseDateRange } from '../domain/date-range.ts';
import { domainError, type DomainResult, type RawQuery } from '../domain/domain-result.ts';
import type { GameQuery } from '../domain/game-query.ts';
import type { ReviewPage, ReviewQuery } from '../domain/review-query.ts';
import { roundToHundredths } from '../domain/round-to-hundredths.ts';
import { bucketStartOf } from '../domain/statistics-buckets.ts';
import type { StatisticsResponse } from '../domain/statistics.ts';
import { statisticsNotReady } from '../domain/statistics-availability.ts';
import { formatUtcTimestamp } from '../domain/utc-format.ts';
import { reviewsOfGame } from './reviews-of-game.ts';

// ---------------------------------------------------------------------------------------------
// Game states.

/**
 * An active MUD-client game the crawler has stopped reaching (its crawl ended) but that is not
 * archived: the in-between state several faults of this set read as another.
 */
export function stoppedAnswering(game: GameRecord): boolean {
  return game.archiveReason === null && !game.webOnly && game.crawlEnd !== null;
}

// ---------------------------------------------------------------------------------------------
// GET /games: the whole ordered result, read through a second door, then paged again.

/**
 * Blind fault `blind25-last-updated-never-edited-last`: the `last_updated` order over the edit
 * column (NULL until the first edit), NULLS LAST with ties in id order.
 */
export function neverEditedLast(games: readonly GameRecord[]): GameRecord[] {
  const edited = games.filter((game) => game.updated !== game.listed);
  const never = games.filter((game) => game.updated === game.listed).sort((a, b) => a.id - b.id);
  return [...edited, ...never];
}

/** Blind fault `blind25-top-voted-drops-unvoted`: the inner join on the month's vote rows. */
export function withVoteRows(games: readonly GameRecord[]): GameRecord[] {
  return games.filter((game) => game.monthlyVotes > 0);
}

/**
 * Blind fault `blind25-review-counter-drops-edited`: a game's review counter, which an edit
 * decrements (delete) without the increment of the re-create: its reviews never edited.
 */
export function reviewCounter(dataset: Dataset, gameId: number): number {
  return reviewsOfGame(dataset, gameId).filter((review) => review.edited === null).length;
}

/**
 * Blind fault `blind25-review-counter-drops-edited`: `has_reviews=1` and `most_reviewed` read
 * through the counters (most first, ties in id order); `hasReviews` is the filter as asked.
 */
export function throughReviewCounters(
  dataset: Dataset,
  games: readonly GameRecord[],
  query: Pick<GameQuery, 'hasReviews' | 'sort'>,
): GameRecord[] {
  const count = (game: GameRecord) => reviewCounter(dataset, game.id);
  const kept = query.hasReviews ? games.filter((game) => count(game) > 0) : [...games];
  return query.sort === 'most_reviewed' ? kept.sort((a, b) => count(b) - count(a) || a.id - b.id) : kept;
}

/** Blind fault `blind25-mud-client-drops-unreachable`: `mud_client` read as the crawler's "reachable" state. */
export function reachableOnly(games: readonly GameRecord[]): GameRecord[] {
  return games.filter((game) => !stoppedAnswering(game));
}

/**
 * Blind fault `blind25-search-misses-updated-this-week`: the search documents deleted by the saves
 * since the index's last full rebuild (Mondays, 00:00Z).
 */
export function indexedBeforeThisWeek(games: readonly GameRecord[], now: number): GameRecord[] {
  const monday = bucketStartOf('weekly', now);
  return games.filter((game) => game.updated < monday);
}

// ---------------------------------------------------------------------------------------------
// Game representations.

/**
 * Blind fault `blind25-last-connect-is-reconnect-time`: the first successful crawl after the game's
 * last outage before its last successful crawl (the last "came back online" event), or undefined
 * when the game has none (then the last successful crawl is served, as it should be).
 */
export function lastReconnect(game: GameRecord, now: number): string | undefined {
  const last = lastSuccessfulConnect(game, now);
  if (last === null || game.crawlStart === null) return undefined;
  let reconnect: number | undefined;
  for (const outage of game.outages) {
    if (outage.end > last || outage.end <= game.crawlStart) continue;
    const first = sampleTimes(game, outage.end, last, now).next();
    if (!first.done && (reconnect === undefined || first.value > reconnect)) reconnect = first.value;
  }
  return reconnect === undefined ? undefined : formatUtcTimestamp(reconnect);
}

// ---------------------------------------------------------------------------------------------
// GET /reviews.

/**
 * Blind fault `blind25-admin-disabled-reviews-listed`: the collection as the review flag has it —
 * the reviews of active games and of games archived by an administrator, newest first.
 */
export function reviewsByReviewFlag(dataset: Dataset, query: ReviewQuery): ReviewPage {
  if (query.game === 'none') return { total: 0, reviews: [] };
  const shown = new Set(
    dataset.games
      .filter((game) => game.archiveReason === null || game.archiveReason === 'admin_disabled')
      .map((game) => game.id),
  );
  const matching = dataset.reviews
    .filter((review) => shown.has(review.gameId) && (query.game === 'any' || review.gameId === query.game))
    .sort((a, b) => b.submitted - a.submitted || b.id - a.id);
  const first = (query.page - 1) * query.perPage;
  return { total: matching.length, reviews: matching.slice(first, first + query.perPage) };
}

// ---------------------------------------------------------------------------------------------
// Player history and statistics.

/**
 * Blind fault `blind25-players-through-statistics-backend`: the statistics backend's availability
 * check on the player history's range, or undefined when it lets the request through (a range it
 * cannot read is left to the player history's own validation).
 */
export function statisticsBackendRefusal(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<never> | undefined {
  const range = parseDateRange(query, nowMs, { maxDays: Infinity, errorCode: 'invalid_date_range' });
  if ('error' in range) return undefined;
  return statisticsNotReady(game, range.ok);
}

/** Blind fault `blind25-activity-pending-whole-game`: the "long ranges in preparation" flag read without the range. */
export function pendingWholeGame(game: GameRecord): DomainResult<never> | undefined {
  if (game.statisticsState !== 'pending_long_ranges') return undefined;
  return domainError(503, 'statistics_pending', 'Statistics for this game are still being prepared.');
}

type StatisticsPoint = StatisticsResponse['data'][number];

/** Each point with the grid points (crawl times) of its bucket within the range, up to `now`. */
function pointsWithGrid(
  response: StatisticsResponse,
  now: number,
): Array<{ point: StatisticsPoint; grid: number[] }> {
  const startSec = Date.parse(`${response.meta.from}T00:00:00Z`) / 1000;
  const endSec = Date.parse(`${response.meta.to}T00:00:00Z`) / 1000 + DAY_SECONDS - 1;
  return response.data.map((point, i) => {
    const next = response.data[i + 1]?.date ?? endSec + 1;
    const grid: number[] = [];
    const last = Math.min(next - 1, endSec, now);
    for (let t = gridCeil(Math.max(point.date, startSec)); t <= last; t += CRAWL_INTERVAL_SECONDS)
      grid.push(t);
    return { point, grid };
  });
}

/**
 * Blind fault `blind25-stats-carried-past-last-crawl`: for a game the crawler still schedules but no
 * longer reaches, the roll-up's buckets after its last successful crawl filled with its last value,
 * one observation per crawl attempted.
 */
export function carriedPastLastCrawl(
  game: GameRecord,
  result: DomainResult<StatisticsResponse>,
  nowMs: number,
): DomainResult<StatisticsResponse> {
  const now = Math.floor(nowMs / 1000);
  const last = lastSuccessfulConnect(game, now);
  if (!('ok' in result) || !stoppedAnswering(game) || last === null) return result;
  const value = metricAt(game, result.ok.meta.metric, last);
  if (value === null) return result;
  const data = pointsWithGrid(result.ok, now).map(({ point, grid }) => {
    const carried = grid.filter((t) => t > last).length;
    if (carried === 0) return point;
    if (point.count === 0 || point.average === null || point.min === null || point.max === null)
      return { ...point, count: carried, average: value, min: value, max: value };
    const count = point.count + carried;
    return {
      ...point,
      count,
      average: roundToHundredths((point.average * point.count + value * carried) / count),
      min: Math.min(point.min, value),
      max: Math.max(point.max, value),
    };
  });
  return { ok: { ...result.ok, data } };
}

/**
 * Blind fault `blind25-stats-count-failed-crawls`: each point's count with the failed crawls of the
 * outages in its bucket (crawl log rows whose values are NULL).
 */
export function countingFailedCrawls(
  game: GameRecord,
  result: DomainResult<StatisticsResponse>,
  nowMs: number,
): DomainResult<StatisticsResponse> {
  const now = Math.floor(nowMs / 1000);
  if (!('ok' in result) || game.crawlStart === null || game.outages.length === 0) return result;
  const crawlStart = game.crawlStart;
  const crawlEnd = game.crawlEnd ?? Number.POSITIVE_INFINITY;
  const failed = (t: number) =>
    t >= crawlStart && t <= crawlEnd && game.outages.some((outage) => outage.start <= t && t < outage.end);
  const data = pointsWithGrid(result.ok, now).map(({ point, grid }) => {
    const extra = grid.filter(failed).length;
    return extra === 0 ? point : { ...point, count: point.count + extra };
  });
  return { ok: { ...result.ok, data } };
}
