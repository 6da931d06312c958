/**
 * What the optimisations of blind fault set 22 (set-22.ts) do, as plain functions: each is
 * called only behind its fault's guard (`blindFault(faults, 'blind22-…')`) in the module the
 * fault's `where` names, so with no fault on none of this runs. The state the optimisations keep (memos, first-request constants) lives per game
 * index, that is per started server.
 */
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { CATEGORY_KEYS } from '../../../fixtures/src/model.ts';
import { playersAt, sampleTimes } from '../../../fixtures/src/samples.ts';
import { dayFloor } from '../../../fixtures/src/time.ts';
import type { DomainResult, RawQuery } from '../domain/domain-result.ts';
import type { GameIndex, GamePage } from '../domain/game-index.ts';
import type { GameQuery } from '../domain/game-query.ts';
import { blindPage, withoutFilters } from '../deviations/blind-pages.ts';
import {
  dailyRoundedMeans,
  meanOf,
  playerHistory,
  PLAYER_HISTORY_RULES,
  type DailyAggregation,
  type PlayerHistoryResponse,
} from '../domain/player-history.ts';
import type { ReviewIndex, ReviewPage, ReviewQuery } from '../domain/review-query.ts';

const DAY_SECONDS = 86_400;
const CRAWL_SECONDS = 1800;
const RECENTLY_UPDATED_SECONDS = 30 * DAY_SECONDS;

/** What the optimisations keep between requests, per game index (per server). */
interface Kept {
  /** blind22-search-order-memo-ignores-sort: the ordered ids of a search, by everything but the sort. */
  searchOrders: Map<string, number[]>;
  /** blind22-tag-union-memo-keyed-by-first-id: the ids of a category's union, by category and first id. */
  tagUnions: Map<string, ReadonlySet<number>>;
  /** blind22-recently-updated-cutoff-at-first-request: the clock (seconds) of the first such request. */
  recentlyUpdatedSince?: number;
  /** blind22-recently-online-order-from-first-request: the order of the first recently_online request. */
  recentlyOnlineOrder?: number[];
  /** blind22-daily-today-memoised-partial: daily values by game and day. */
  dailyValues: Map<string, number>;
  /** blind22-history-memo-ignores-granularity: the samples of a history by game, from and to. */
  histories: Map<string, PlayerHistoryResponse['data']>;
  /** blind22-players-default-to-fixed-at-first-request: the UTC date of the first history request. */
  firstHistoryDay?: string;
}

const keptPerIndex = new WeakMap<object, Kept>();

function kept(index: object): Kept {
  let found = keptPerIndex.get(index);
  if (found === undefined) {
    found = { searchOrders: new Map(), tagUnions: new Map(), dailyValues: new Map(), histories: new Map() };
    keptPerIndex.set(index, found);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// GET /games

/** Every game of `query` in its order (all pages). */
function everything(index: GameIndex, query: GameQuery, now: number): GameRecord[] {
  return index.search({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }, now).games;
}

/** The index's search text cut into tokens of at most `length` characters (blind22-q-index-tokens-cut-at-12). */
function cutTokens(game: GameRecord, length: number): string[] {
  return [game.name, game.intro, game.description]
    .flatMap((field) => field.toLowerCase().split(/\s+/u))
    .map((token) => token.slice(0, length));
}

/** A light suffix stemmer (Porter's step 1a and a trailing `s`): `realms` → `realm`. */
export function stem(term: string): string {
  if (term.length <= 3) return term;
  if (term.endsWith('sses')) return term.slice(0, -2);
  if (term.endsWith('ies')) return `${term.slice(0, -3)}i`;
  if (term.endsWith('ss') || term.endsWith('us')) return term;
  if (term.endsWith('s')) return term.slice(0, -1);
  return term;
}

export const CAPPED_COUNT = 250;
const OVERFETCH_FACTOR = 4;

/** The games of `query` that carry, in `category`, one of `ids`. */
function tagUnion(
  index: GameIndex,
  category: keyof GameQuery['tagIds'],
  ids: readonly number[],
  now: number,
) {
  const games = everything(
    index,
    {
      terms: [],
      sort: 'last_updated',
      connectionType: 'all',
      page: 1,
      perPage: 1,
      hasReviews: false,
      recentlyUpdated: false,
      onlineRecently: false,
      tagIds: { [category]: [...ids] },
    },
    now,
  );
  return new Set(games.map((game) => game.id));
}

/** blind22-q-index-tokens-cut-at-12: the search over tokens cut to their first 12 characters. */
export function searchOfCutTokens(index: GameIndex, asked: GameQuery, now: number): GamePage {
  const found = everything(index, { ...asked, terms: [] }, now).filter((game) => {
    const tokens = cutTokens(game, 12);
    return asked.terms.every((term) => tokens.some((token) => token.includes(term)));
  });
  return blindPage(found, asked);
}

/** blind22-q-trigram-short-terms-match-nothing: whether a term has no trigram (shorter than three characters). */
export function hasTermWithoutTrigram(asked: GameQuery): boolean {
  return asked.terms.some((term) => [...term].length < 3);
}

/** blind22-q-terms-stemmed: the search of the terms' stems. */
export function searchOfStems(index: GameIndex, asked: GameQuery, now: number): GamePage {
  return index.search({ ...asked, terms: asked.terms.map(stem) }, now);
}

/** blind22-total-count-capped: the page with its count bounded at CAPPED_COUNT. */
export function cappedCount(index: GameIndex, asked: GameQuery, now: number): GamePage {
  const page = index.search(asked, now);
  return { total: Math.min(page.total, CAPPED_COUNT), games: page.games };
}

/** blind22-has-reviews-bitset-word-boundary: `has_reviews=1` read from the bitset misaddressed at word boundaries. */
export function reviewedByMisaddressedBitset(index: GameIndex, asked: GameQuery, now: number): GamePage {
  return blindPage(
    everything(index, asked, now).filter((game) => game.id % 32 !== 0),
    asked,
  );
}

/** blind22-most-reviewed-keyset-skips-ties: the page reached by walking keyset pages on the review count alone. */
export function mostReviewedByKeyset(index: GameIndex, asked: GameQuery, now: number): GamePage {
  const all = everything(index, asked, now);
  const count = (game: GameRecord) => index.reviewStats(game.id).count;
  let start = 0;
  for (let page = 1; page < asked.page && start < all.length; page++) {
    const last = all[Math.min(start + asked.perPage, all.length) - 1]!;
    const cursor = count(last);
    start = all.findIndex((game, i) => i > start && count(game) < cursor);
    if (start === -1) start = all.length;
  }
  return { total: all.length, games: all.slice(start, start + asked.perPage) };
}

/** blind22-tag-filter-overfetch-window: the tag filter applied to an over-fetched window of the listing. */
export function tagFilteredWindow(index: GameIndex, asked: GameQuery, now: number): GamePage {
  const matching = everything(index, asked, now);
  const ids = new Set(matching.map((game) => game.id));
  const window = everything(index, { ...asked, tagIds: {} }, now).slice(
    0,
    asked.page * asked.perPage * OVERFETCH_FACTOR,
  );
  return blindPage(
    window.filter((game) => ids.has(game.id)),
    asked,
    matching.length,
  );
}

/** blind22-tag-union-memo-keyed-by-first-id: the tag filter read from unions memoised by category and first id. */
export function tagUnionsByFirstId(index: GameIndex, asked: GameQuery, now: number): GamePage {
  const unions = kept(index).tagUnions;
  const sets = CATEGORY_KEYS.filter((category) => asked.tagIds[category] !== undefined).map((category) => {
    const ids = asked.tagIds[category]!;
    const key = `${category}:${ids[0]}`;
    let union = unions.get(key);
    if (union === undefined) unions.set(key, (union = tagUnion(index, category, ids, now)));
    return union;
  });
  const found = everything(index, { ...asked, tagIds: {} }, now).filter((game) =>
    sets.every((set) => set.has(game.id)),
  );
  return blindPage(found, asked);
}

/** blind22-search-order-memo-ignores-sort: the search's order memoised without its sort. */
export function searchOrderWithoutSort(index: GameIndex, asked: GameQuery, now: number): GamePage {
  const { sort: _sort, page: _page, perPage: _perPage, ...filters } = asked;
  const key = JSON.stringify(filters);
  const orders = kept(index).searchOrders;
  let order = orders.get(key);
  if (order === undefined) orders.set(key, (order = everything(index, asked, now).map((game) => game.id)));
  return blindPage(
    order.map((id) => index.game(id)!),
    asked,
  );
}

/** blind22-recently-updated-cutoff-at-first-request: `recently_updated=1` with the cut-off of the first such request. */
export function updatedSinceFirstRequest(index: GameIndex, asked: GameQuery, now: number): GamePage {
  const state = kept(index);
  state.recentlyUpdatedSince ??= now - RECENTLY_UPDATED_SECONDS;
  const since = state.recentlyUpdatedSince;
  return blindPage(
    everything(index, { ...asked, recentlyUpdated: false }, now).filter((game) => game.updated >= since),
    asked,
  );
}

/** blind22-recently-online-order-from-first-request: `sort=recently_online` in the order of the first such request. */
export function recentlyOnlineFirstOrder(index: GameIndex, asked: GameQuery, now: number): GamePage {
  const state = kept(index);
  state.recentlyOnlineOrder ??= everything(index, withoutFilters(asked), now).map((game) => game.id);
  const matching = new Set(everything(index, asked, now).map((game) => game.id));
  return blindPage(
    state.recentlyOnlineOrder.filter((id) => matching.has(id)).map((id) => index.game(id)!),
    asked,
  );
}

// ---------------------------------------------------------------------------------------------
// GET /reviews

const REVIEW_CHUNK = 64;

/** A binary search over ascending `values` whose upper bound leaves the last one out. */
function searchShortOfLast(values: readonly number[], wanted: number): number {
  let low = 0;
  let high = values.length - 1; // the bound of an inclusive search kept for an exclusive one
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < wanted) low = middle + 1;
    else high = middle;
  }
  return low < values.length - 1 && values[low] === wanted ? low : -1;
}

/** blind22-reviews-chunk-boundary-skip: the newest-first list read chunk by chunk, each chunk after the first from its index 1. */
export function reviewsReadByChunks(reviews: ReviewIndex, query: ReviewQuery): ReviewPage {
  const first = (query.page - 1) * query.perPage;
  const { listed } = reviews.build();
  const served = listed.filter((_review, i) => i === 0 || i % REVIEW_CHUNK !== 0);
  return { total: listed.length, reviews: served.slice(first, first + query.perPage) };
}

/** blind22-reviews-game-binary-search-last-missed: a game's reviews found by the search short of the last group. */
export function gameReviewsShortOfLast(
  reviews: ReviewIndex,
  query: ReviewQuery & { game: number },
): ReviewPage {
  const first = (query.page - 1) * query.perPage;
  const { byGame, groupGames, groupStarts } = reviews.build();
  const group = searchShortOfLast(groupGames, query.game);
  const matching = group === -1 ? [] : byGame.slice(groupStarts[group], groupStarts[group + 1]);
  return { total: matching.length, reviews: matching.slice(first, first + query.perPage) };
}

// ---------------------------------------------------------------------------------------------
// GET /games/{gameId}/mssp

/** blind22-mssp-block-boundary-missing: whether the block lookup (`id >> 6` for a block written at `(id − 1) >> 6`) misses `gameId`. */
export function msspBlockMissed(gameId: number): boolean {
  return gameId % 64 === 0;
}

// ---------------------------------------------------------------------------------------------
// GET /games/{gameId}/players

/** Daily means over the samples taken on the hour only (the hourly down-sampled series). */
const hourlyDownsampledMeans: DailyAggregation = (game, startSec, endSec, now) => {
  const values: Array<{ day: number; players: number }> = [];
  let day = Number.NaN;
  let players: number[] = [];
  const flush = () => {
    if (players.length > 0) values.push({ day, players: Math.round(meanOf(players)) });
  };
  for (const t of sampleTimes(game, startSec, endSec, now)) {
    if (t % 3600 !== 0) continue;
    if (dayFloor(t) !== day) {
      flush();
      day = dayFloor(t);
      players = [];
    }
    players.push(playersAt(game, t));
  }
  flush();
  return values;
};

/** The daily rounded means, each (game, day) value computed once and kept. */
function memoisedDailyMeans(memo: Map<string, number>): DailyAggregation {
  return (game, startSec, endSec, now) =>
    dailyRoundedMeans(game, startSec, endSec, now).map(({ day, players }) => {
      const key = `${game.id} ${day}`;
      const keptValue = memo.get(key);
      if (keptValue !== undefined) return { day, players: keptValue };
      memo.set(key, players);
      return { day, players };
    });
}

/** blind22-players-default-to-fixed-at-first-request: the history with the "current UTC date" of the first history request. */
export function historyToFirstDay(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  index: object,
): DomainResult<PlayerHistoryResponse> {
  const state = kept(index);
  state.firstHistoryDay ??= new Date(nowMs).toISOString().slice(0, 10);
  return playerHistory(game, query.to === undefined ? { ...query, to: state.firstHistoryDay } : query, nowMs);
}

/** blind22-daily-today-memoised-partial: the history with each (game, day) value memoised, today's included. */
export function historyOfMemoisedDays(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  index: object,
): DomainResult<PlayerHistoryResponse> {
  const rules = { ...PLAYER_HISTORY_RULES, dailyValues: memoisedDailyMeans(kept(index).dailyValues) };
  return playerHistory(game, query, nowMs, rules);
}

/** blind22-daily-average-from-hourly-downsample: the history with daily values of the on-the-hour samples. */
export function historyOfHourlyDownsample(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<PlayerHistoryResponse> {
  return playerHistory(game, query, nowMs, { ...PLAYER_HISTORY_RULES, dailyValues: hourlyDownsampledMeans });
}

/** blind22-raw-last-sample-dropped: the history whose raw range ends one sample short. */
export function historyShortOfLastSample(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<PlayerHistoryResponse> {
  const result = playerHistory(game, query, nowMs);
  if ('error' in result || result.ok.meta.granularity !== 'raw') return result;
  return { ok: { ...result.ok, data: result.ok.data.slice(0, -1) } };
}

/** blind22-history-memo-ignores-granularity: the history's samples memoised by game, from and to. */
export function historyMemoisedByRange(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  index: object,
): DomainResult<PlayerHistoryResponse> {
  const result = playerHistory(game, query, nowMs);
  if ('error' in result) return result;
  const key = `${game.id} ${result.ok.meta.from} ${result.ok.meta.to}`;
  const histories = kept(index).histories;
  const memo = histories.get(key);
  if (memo !== undefined) return { ok: { ...result.ok, data: memo } };
  histories.set(key, result.ok.data);
  return result;
}

// ---------------------------------------------------------------------------------------------
// GET /games/{gameId}/statistics

/** The number of crawls a full bucket of `resolution` starting at `date` holds. */
function fullBucketCrawls(resolution: string, date: number): number {
  switch (resolution) {
    case 'raw':
      return 1;
    case 'hourly':
      return 3600 / CRAWL_SECONDS;
    case 'daily':
      return DAY_SECONDS / CRAWL_SECONDS;
    case 'weekly':
      return (7 * DAY_SECONDS) / CRAWL_SECONDS;
    default: {
      const start = new Date(date * 1000);
      const days = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
      return (days * DAY_SECONDS) / CRAWL_SECONDS;
    }
  }
}

/** blind22-stats-count-assumed-full-bucket: each point with observations counts a full bucket's crawls. */
export function fullBucketCounts<
  T extends { data: Array<{ date: number; count: number }>; meta: { resolution: string } },
>(result: DomainResult<T>): DomainResult<T> {
  if ('error' in result) return result;
  const { resolution } = result.ok.meta;
  const data = result.ok.data.map((point) =>
    point.count > 0 ? { ...point, count: fullBucketCrawls(resolution, point.date) } : point,
  );
  return { ok: { ...result.ok, data } };
}
