/**
 * Blind fault set 34 (set-34.ts): what each mistake beyond the first page computes — plain
 * functions, each called only behind its fault's guard (operations.ts), so with no fault on nothing
 * here runs. Every mistake is one an implementer plausibly writes (a count skipped on a short page,
 * a search engine's result window, a keyset written as two ANDed conditions, `!==` where `<` was
 * meant, an archive read in its own order, a continuation cursor kept from the previous request, a
 * "last page is always full" read, an inclusive cursor over an upstream store's pages, a roll-up
 * job's start, a loop that ends at a short page, a flag kept on some roll-ups only, a run-away
 * guard, a continuation query rebuilt without a parameter, chunk bounds, a nightly roll-up, a
 * one-row look-behind) and shows only past the first page or on a long range: page 2 and later, the
 * last page, the page just past the end, the end of a long history, the far past, the 1,000th point,
 * the last group. The one piece of state (the reviews' continuation cursor) is kept per server, in a
 * WeakMap keyed by the server's own review index (each app builds its own), never across servers.
 */
import type { GameRecord, Outage } from '../../../fixtures/src/model.ts';
import { dayFloor } from '../../../fixtures/src/time.ts';
import { activityPattern } from '../domain/activity-pattern.ts';
import { DAY_SECONDS, parseDateRange } from '../domain/date-range.ts';
import type { DomainResult, RawQuery } from '../domain/domain-result.ts';
import type { GamePage } from '../domain/game-index.ts';
import type { GameQuery } from '../domain/game-query.ts';
import { lastPage, pageLink, type PageRequest, type PaginationLinks } from '../domain/pagination.ts';
import {
  dailyRoundedMeans,
  PLAYER_HISTORY_RULES,
  playerHistory,
  type DailyAggregation,
  type DailyValue,
  type PlayerHistoryResponse,
} from '../domain/player-history.ts';
import type { ReviewIndex, ReviewPage, ReviewQuery } from '../domain/review-query.ts';
import { gameStatistics, type StatisticsResponse } from '../domain/statistics.ts';
import { everyMatch, paged, type Search } from '../deviations/whole-result.ts';

// ---------------------------------------------------------------------------------------------
// GET /games.

/**
 * Blind fault `blind34-games-total-from-short-page`: the count query is skipped when the page came
 * back neither full nor empty ("we have read them all"), and the total is then the page's length —
 * the offset forgotten, so on a partial last page after the first it counts that page's games only.
 * undefined when the page is full or empty (the count query's total stands).
 */
export function totalFromShortPage(itemsOnPage: number, perPage: number): number | undefined {
  return itemsOnPage > 0 && itemsOnPage < perPage ? itemsOnPage : undefined;
}

/**
 * Blind fault `blind34-games-deep-pages-in-id-order`: the search engine's result window — a page whose
 * offset reaches it is read through the engine's scroll API, which returns the matches in index
 * order (listing id ascending) instead of the sort's.
 */
export const RESULT_WINDOW = 200;

/** Which of set 34's GET /games page mistakes are on. */
export interface DeepPageMistakes {
  keysetAnd: boolean;
  deepIdOrder: boolean;
}

/**
 * Blind faults of set 34 on GET /games' pages: `sort=top_voted` pages after the first read by a
 * keyset written as two ANDed conditions (`monthly_votes <= :votes AND id > :id`, the last game of
 * the page before as the cursor, where the row comparison `(votes, id)` after it was meant), and
 * pages whose offset reaches the result window read in id order; undefined when neither touches
 * this query.
 */
export function beyondFirstGamePage(
  search: Search,
  query: GameQuery,
  mistakes: DeepPageMistakes,
): GamePage | undefined {
  const offset = (query.page - 1) * query.perPage;
  const keyset = mistakes.keysetAnd && query.sort === 'top_voted' && query.page > 1;
  const deep = mistakes.deepIdOrder && offset >= RESULT_WINDOW;
  if (!keyset && !deep) return undefined;
  const all = everyMatch(search, query);
  if (keyset) {
    const cursor = all[offset - 1];
    if (cursor === undefined) return paged(all, query);
    const after = all.filter((game) => game.monthlyVotes <= cursor.monthlyVotes && game.id > cursor.id);
    return { total: all.length, games: after.slice(0, query.perPage) };
  }
  const byId = [...all].sort((a, b) => a.id - b.id);
  return { total: all.length, games: byId.slice(offset, offset + query.perPage) };
}

/**
 * Blind fault `blind34-games-past-end-next-link`: whether a next page exists is tested as
 * `page !== last` (where `page < last` was meant), so a page past the last links `next` to the page
 * after it; pages up to the last are right.
 */
export function pastEndNextLink<T extends { links: PaginationLinks }>(body: T, request: PageRequest): T {
  if (request.page <= lastPage(request.total, request.perPage)) return body;
  const next = pageLink(request.resourceUrl, request.rawQuery, request.page + 1);
  return { ...body, links: { ...body.links, next } };
}

// ---------------------------------------------------------------------------------------------
// GET /reviews.

/** Every review of a review query, in the listing's order (newest first). */
function everyReview(reviews: ReviewIndex, query: ReviewQuery) {
  return reviews.list({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }).reviews;
}

/**
 * Blind fault `blind34-reviews-game-later-pages-oldest-first`: with `game_id`, the first page comes
 * from the game's "latest reviews" (newest first) and the later pages from the reviews archive,
 * which reads a game's reviews oldest first (`ORDER BY submitted`), with the same offset; undefined
 * for a first page or without `game_id`.
 */
export function gameLaterPageOldestFirst(reviews: ReviewIndex, query: ReviewQuery): ReviewPage | undefined {
  if (typeof query.game !== 'number' || query.page <= 1) return undefined;
  const oldestFirst = everyReview(reviews, query).reverse();
  const first = (query.page - 1) * query.perPage;
  return { total: oldestFirst.length, reviews: oldestFirst.slice(first, first + query.perPage) };
}

/** Blind fault `blind34-reviews-cursor-kept-from-previous-request`: per server (its review index), the position after the last review served, by query without `page`. */
const cursors = new WeakMap<ReviewIndex, Map<string, number>>();

/**
 * Blind fault `blind34-reviews-cursor-kept-from-previous-request`: the list keeps, per query (its
 * parameters but `page`), where the last page served ended, and a request for a page after the
 * first continues from there (a continuation cursor meant for "load more"), whatever page it asks
 * for; page 1, or a query without a cursor yet, is read by offset.
 */
export function pageFromKeptCursor(reviews: ReviewIndex, query: ReviewQuery, rawQuery: string): ReviewPage {
  let kept = cursors.get(reviews);
  if (kept === undefined) cursors.set(reviews, (kept = new Map()));
  const params = new URLSearchParams(rawQuery);
  params.delete('page');
  const key = params.toString();
  const all = everyReview(reviews, query);
  const cursor = kept.get(key);
  const first = query.page > 1 && cursor !== undefined ? cursor : (query.page - 1) * query.perPage;
  const rows = all.slice(first, first + query.perPage);
  kept.set(key, first + rows.length);
  return { total: all.length, reviews: rows };
}

/**
 * Blind fault `blind34-reviews-partial-last-page-filled`: the last page is read as the last
 * `per_page` reviews (`OFFSET GREATEST(total − per_page, 0)`, the table's "jump to the end" query),
 * so a partial last page is filled with the end of the page before it; undefined for other pages.
 */
export function partialLastPageFilled(reviews: ReviewIndex, query: ReviewQuery): ReviewPage | undefined {
  const all = everyReview(reviews, query);
  const first = (query.page - 1) * query.perPage;
  if (first >= all.length || first + query.perPage <= all.length) return undefined;
  return { total: all.length, reviews: all.slice(Math.max(0, all.length - query.perPage)) };
}

// ---------------------------------------------------------------------------------------------
// Player history.

/**
 * Blind fault `blind34-raw-store-page-boundary-sample-twice`: the raw samples are read from the
 * time-series store in pages of this many samples, each next page asked from the last sample's time
 * inclusive (`recorded_at >= :last`), so the sample ending each full page is served twice.
 */
export const SAMPLE_STORE_PAGE = 2000;

/** Blind fault `blind34-raw-store-page-boundary-sample-twice`: the raw history as the paged reads join it. */
export function rawPagesJoinedInclusive(result: DomainResult<PlayerHistoryResponse>): DomainResult<unknown> {
  if (!('ok' in result) || result.ok.meta.granularity !== 'raw') return result;
  const samples = result.ok.data;
  const data: typeof samples = [];
  for (let start = 0; ; start += SAMPLE_STORE_PAGE - 1) {
    const page = samples.slice(start, start + SAMPLE_STORE_PAGE);
    data.push(...page);
    if (page.length < SAMPLE_STORE_PAGE) break;
  }
  return { ok: { ...result.ok, data } };
}

/**
 * Blind fault `blind34-daily-first-crawl-day-missing`: the daily roll-up job starts at the first
 * complete day after a game's first crawl, so the day of the first crawl has no roll-up row.
 */
export function withoutFirstCrawlDay(daily: DailyAggregation): DailyAggregation {
  return (game, startSec, endSec, now) => {
    if (game.crawlStart === null) return daily(game, startSec, endSec, now);
    const first = dayFloor(game.crawlStart);
    return daily(game, startSec, endSec, now).filter((value) => value.day !== first);
  };
}

/**
 * Blind fault `blind34-daily-short-store-page-ends-read`: the daily values are read from the roll-up
 * store this many days at a time, and the loop stops at the first reply shorter than that; the
 * store leaves out the days without samples, so a page of days holding one (an outage's whole day,
 * or days before the first crawl) ends the reading, and every later day is missing.
 */
export const ROLLUP_PAGE_DAYS = 100;

/** Blind fault `blind34-daily-short-store-page-ends-read`: the days read until the first short page. */
export function readUntilShortPage(daily: DailyAggregation): DailyAggregation {
  return (game, startSec, endSec, now) => {
    const values = daily(game, startSec, endSec, now);
    const read: DailyValue[] = [];
    for (let pageStart = startSec; pageStart <= endSec; pageStart += ROLLUP_PAGE_DAYS * DAY_SECONDS) {
      const pageEnd = pageStart + ROLLUP_PAGE_DAYS * DAY_SECONDS;
      const rows = values.filter((value) => value.day >= pageStart && value.day < pageEnd);
      read.push(...rows);
      if (rows.length < ROLLUP_PAGE_DAYS) break;
    }
    return read;
  };
}

/** Which of set 34's daily-history mistakes are on. */
export interface DailyMistakes {
  firstCrawlDay: boolean;
  shortPage: boolean;
}

/** Blind faults of set 34 on the daily history: the history as the mistakes on read it; undefined for a raw history. */
export function dailyBeyondFirstPage(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  mistakes: DailyMistakes,
): DomainResult<unknown> | undefined {
  if (query.granularity !== undefined && query.granularity !== 'daily') return undefined;
  let daily: DailyAggregation = dailyRoundedMeans;
  if (mistakes.firstCrawlDay) daily = withoutFirstCrawlDay(daily);
  if (mistakes.shortPage) daily = readUntilShortPage(daily);
  return playerHistory(game, query, nowMs, { ...PLAYER_HISTORY_RULES, dailyValues: daily });
}

// ---------------------------------------------------------------------------------------------
// Statistics.

/**
 * Blind fault `blind34-stats-pending-weekly-monthly-served`: the backfill's "in preparation" flag is
 * kept on the hourly and daily roll-ups (the ones the backfill job fills), and weekly and monthly
 * points are read from the calendar roll-ups without it, so a long range of a game whose long ranges
 * are being prepared is answered 200 at those resolutions; undefined otherwise.
 */
export function pendingServedWeeklyMonthly(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<unknown> | undefined {
  if (game.statisticsState !== 'pending_long_ranges') return undefined;
  if (query.resolution !== 'weekly' && query.resolution !== 'monthly') return undefined;
  return gameStatistics({ ...game, statisticsState: 'ready' }, query, nowMs);
}

/**
 * Blind fault `blind34-stats-thousandth-point-dropped`: the bucket loop's run-away guard counts from
 * one (`for (let n = 1; n < MAX_POINTS …`), so at most this many points are served and a range of
 * exactly 1,000 points loses its last.
 */
export const POINTS_SERVED = 999;

/**
 * Blind fault `blind34-stats-continuation-default-metric`: the roll-up store answers at most this
 * many points a reply, and the continuation query for the rest is rebuilt from the range and the
 * resolution only, so the store's default metric (`players`) is read after the 500th point.
 */
export const STORE_REPLY_POINTS = 500;

/** Which of set 34's statistics point mistakes are on. */
export interface PointMistakes {
  thousandth: boolean;
  continuation: boolean;
}

/** Blind faults of set 34 on the statistics points: the answer as the mistakes on read it. */
export function statisticsBeyondFirstPage(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  mistakes: PointMistakes,
): DomainResult<unknown> {
  const result: DomainResult<StatisticsResponse> = gameStatistics(game, query, nowMs);
  if (!('ok' in result)) return result;
  let data = result.ok.data;
  if (mistakes.continuation && result.ok.meta.metric !== 'players' && data.length > STORE_REPLY_POINTS) {
    const players = gameStatistics(game, { ...query, metric: 'players' }, nowMs);
    if ('ok' in players)
      data = [...data.slice(0, STORE_REPLY_POINTS), ...players.ok.data.slice(STORE_REPLY_POINTS)];
  }
  if (mistakes.thousandth && data.length > POINTS_SERVED) data = data.slice(0, POINTS_SERVED);
  return { ok: { ...result.ok, data } };
}

// ---------------------------------------------------------------------------------------------
// Activity pattern.

/**
 * Blind faults `blind34-activity-chunk-boundary-day-skipped`, `blind34-activity-long-range-without-today`:
 * a range longer than this many days is read another way (in chunks of the sample store's window;
 * from the nightly roll-up), the default 30-day range live.
 */
export const ACTIVITY_LIVE_DAYS = 30;

/** A game whose crawl history has the given UTC days as outages too (sorted, disjoint). */
function withDaysOut(game: GameRecord, days: readonly number[]): GameRecord {
  const all: Outage[] = [
    ...game.outages,
    ...days.map((day) => ({ start: day, end: day + DAY_SECONDS })),
  ].sort((a, b) => a.start - b.start);
  const merged: Outage[] = [];
  for (const outage of all) {
    const last = merged.at(-1);
    if (last !== undefined && outage.start <= last.end) last.end = Math.max(last.end, outage.end);
    else merged.push({ ...outage });
  }
  return { ...game, outages: merged };
}

/** Which of set 34's activity-pattern mistakes are on. */
export interface ActivityMistakes {
  chunkBoundary: boolean;
  withoutToday: boolean;
}

/**
 * Blind faults of set 34 on the activity pattern, for a range longer than 30 days: read in 30-day
 * chunks whose next chunk starts a day after the previous one's exclusive end (the day at each
 * boundary — the 31st and 62nd of the range — never read), and read from the nightly roll-up, which
 * holds complete days only (today's samples left out); undefined for shorter or invalid ranges.
 */
export function activityBeyondFirstMonth(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  mistakes: ActivityMistakes,
): DomainResult<unknown> | undefined {
  const range = parseDateRange(query, nowMs, { maxDays: 90, errorCode: 'invalid_statistics_query' });
  if (!('ok' in range) || range.ok.days <= ACTIVITY_LIVE_DAYS) return undefined;
  const { startSec, endSec } = range.ok;
  const out: number[] = [];
  if (mistakes.chunkBoundary) {
    for (let chunk = startSec; ;) {
      const end = chunk + ACTIVITY_LIVE_DAYS * DAY_SECONDS; // exclusive
      if (end > endSec) break;
      out.push(end); // the next chunk starts at `end + 1 day`: the day at `end` is never read
      chunk = end + DAY_SECONDS;
    }
  }
  const today = dayFloor(Math.floor(nowMs / 1000));
  if (mistakes.withoutToday && endSec >= today) out.push(today);
  if (out.length === 0) return undefined;
  return activityPattern(withDaysOut(game, out), query, nowMs);
}

// ---------------------------------------------------------------------------------------------
// GET /tags.

/**
 * Blind fault `blind34-tags-last-row-dropped`: the groups are built from the joined group × value
 * rows by a loop that appends a row's value when it reads the next row (a one-row look-behind, to
 * see where a group ends), and nothing appends the last row after the loop, so the last value of the
 * last group is not listed.
 */
export function lastRowDropped<T extends { data: ReadonlyArray<{ values: readonly unknown[] }> }>(
  list: T,
): T {
  const last = list.data.length - 1;
  return {
    ...list,
    data: list.data.map((group, i) => (i === last ? { ...group, values: group.values.slice(0, -1) } : group)),
  };
}
