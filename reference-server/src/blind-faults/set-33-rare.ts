/**
 * Blind fault set 33 (set-33.ts): what each mistake about a rare record computes — plain functions,
 * each called only behind its fault's guard (operations.ts), so with no fault on nothing here runs.
 * Every mistake is one an implementer plausibly writes (a threshold, a `||` where `??` was meant, a
 * typed array's bound, a column width, a comparison of numbers as text, a window or a capacity
 * copied from another feature) and shows only on the few records that reach it — a rarely used tag
 * value, the longest text, the highest id, the top-voted game, a game whose every review is unrated,
 * the oldest reviews, a day with one sample, the busiest samples, a short MSSP reply, a game whose
 * statistics are unavailable, a bucket with one observation, an empty hour, the twelfth value of a
 * group — while every common record is answered right. Nothing here keeps state between requests:
 * what a mistake needs (the facet table, the id table) is rebuilt from the request's dataset.
 */
import type { GameRecord, ReviewRecord } from '../../../fixtures/src/model.ts';
import { sampleTimes, playersAt } from '../../../fixtures/src/samples.ts';
import { dayFloor } from '../../../fixtures/src/time.ts';
import type { ActivityPatternResponse } from '../domain/activity-pattern.ts';
import { ok, type DomainResult, type RawQuery } from '../domain/domain-result.ts';
import type { GameIndex, GamePage } from '../domain/game-index.ts';
import type { GameQuery } from '../domain/game-query.ts';
import type { MsspResponse } from '../domain/mssp.ts';
import {
  meanOf,
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
 * Blind fault `blind33-tag-filter-rare-value-matches-nothing`: the tag filter reads its posting
 * lists from the facet table kept for the listing's sidebar, which holds the values carried by at
 * least this many listed games (a sidebar hides the rarer ones).
 */
export const FACET_MIN_GAMES = 5;

/** Blind fault `blind33-tag-filter-rare-value-matches-nothing`: the tag ids the facet table lacks (carried by fewer than FACET_MIN_GAMES listed games). */
export function valuesMissingFromFacets(games: readonly GameRecord[]): ReadonlySet<number> {
  const carriers = new Map<number, number>();
  for (const game of games) {
    if (game.archiveReason !== null) continue;
    for (const id of Object.values(game.categories)) {
      if (id !== undefined) carriers.set(id, (carriers.get(id) ?? 0) + 1);
    }
  }
  return new Set([...carriers].filter(([, count]) => count < FACET_MIN_GAMES).map(([id]) => id));
}

/**
 * Blind fault `blind33-q-search-document-cut-at-1000`: the searched document (name, intro and
 * description, one a line) is kept in a column of this many characters, filled without error, so
 * the end of the longest listings is cut off the search.
 */
export const SEARCH_DOCUMENT_CHARACTERS = 1000;

/** Blind fault `blind33-q-search-document-cut-at-1000`: whether every term occurs in the cut document (as `text.toLowerCase().includes(term)`). */
export function foundInCutDocument(game: GameRecord, terms: readonly string[]): boolean {
  const document = [game.name, game.intro, game.description].join('\n');
  if (document.length <= SEARCH_DOCUMENT_CHARACTERS) return true; // untouched: the index's own answer stands
  const cut = document.slice(0, SEARCH_DOCUMENT_CHARACTERS).toLowerCase();
  return terms.every((term) => cut.includes(term.toLowerCase()));
}

/**
 * Blind fault `blind33-most-reviewed-counts-compared-as-text`: the review counts come from a JSON
 * aggregate as text and are compared as strings, so a two-digit count sorts below every
 * single-digit count from its first digit up ("29" after "3").
 */
export function countsComparedAsText(a: number, b: number): number {
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Which of set 33's GET /games mistakes are on. */
export interface RareGameMistakes {
  rareTagValues: boolean;
  searchCut: boolean;
  countsAsText: boolean;
}

/**
 * Blind faults of set 33 on GET /games: the page as the mistakes on answer it (rare tag values
 * matching nothing, the search document cut, review counts compared as text), or undefined when
 * none of them touches this query.
 */
export function rareRecordGamePage(
  search: Search,
  query: GameQuery,
  index: GameIndex,
  mistakes: RareGameMistakes,
): GamePage | undefined {
  let asked = query;
  let filtered = false;
  if (mistakes.rareTagValues) {
    const missing = valuesMissingFromFacets(index.dataset.games);
    const tagIds: GameQuery['tagIds'] = {};
    for (const [category, ids] of Object.entries(query.tagIds) as Array<
      [keyof GameQuery['tagIds'], number[]]
    >) {
      const kept = ids.filter((id) => !missing.has(id));
      if (kept.length !== ids.length) filtered = true;
      tagIds[category] = kept;
    }
    // A category whose every id has no posting list matches no game.
    if (filtered && Object.values(tagIds).some((ids) => ids.length === 0)) return { total: 0, games: [] };
    if (filtered) asked = { ...query, tagIds };
  }
  const cut = mistakes.searchCut && query.terms.length > 0;
  const asText = mistakes.countsAsText && query.sort === 'most_reviewed';
  if (!cut && !asText) return filtered ? search(asked) : undefined;
  let all = everyMatch(search, asked);
  if (cut) all = all.filter((game) => foundInCutDocument(game, query.terms));
  if (asText) {
    const count = (game: GameRecord) => index.reviewStats(game.id).count;
    all = [...all].sort((a, b) => countsComparedAsText(count(b), count(a))); // stable: ties keep their order
  }
  return paged(all, query);
}

// ---------------------------------------------------------------------------------------------
// Game detail (and the summaries' rank).

/**
 * Blind fault `blind33-detail-highest-id-not-found`: the detail's id table is an Int32Array of
 * `maxId` slots (one per id, written `table[id] = position + 1`), one too few: a typed array drops
 * the write at index `maxId` silently, so the game with the highest id is not in it.
 */
export function missingFromIdTable(games: readonly GameRecord[], id: number): boolean {
  let maxId = 0;
  for (const game of games) maxId = Math.max(maxId, game.id);
  const table = new Int32Array(maxId);
  games.forEach((game, position) => (table[game.id] = position + 1));
  return !((table[id] ?? 0) > 0);
}

/**
 * Blind fault `blind33-top-voted-rank-null`: ranks kept as zero-based positions in the vote order and
 * read `position || null` (where `??` was meant) before the + 1, so position 0 — the top-voted game —
 * reads as "no rank".
 */
export function rankThroughZeroBasedPosition(rank: number | null): number | null {
  const position = rank === null ? null : rank - 1;
  const kept = position || null;
  return kept === null ? null : kept + 1;
}

/**
 * Blind fault `blind33-detail-all-unrated-reviews-500`: the detail recomputes its average rating as
 * `ratings.reduce((a, b) => a + b) / ratings.length` once it has found reviews; `reduce` without an
 * initial value throws a TypeError on an empty list, so a game whose every review is unrated makes
 * the detail throw (answered 500 `internal_error`).
 */
export function detailAverageRating(reviews: readonly ReviewRecord[]): number | null {
  if (reviews.length === 0) return null;
  const ratings = reviews.flatMap((review) => (review.rating === null ? [] : [review.rating]));
  return ratings.reduce((a, b) => a + b) / ratings.length;
}

// ---------------------------------------------------------------------------------------------
// GET /reviews and GET /reviews/{reviewId}.

/**
 * Blind fault `blind33-reviews-older-than-1000-days-unlisted`: the list query was copied from the
 * site's "recent reviews" feed with its window (`submitted > now() - interval '1000 days'`).
 */
export const FEED_WINDOW_DAYS = 1000;

/**
 * Blind fault `blind33-reviews-older-than-1000-days-unlisted`: the page of the reviews submitted in
 * the feed's window, so the reviews older than 1,000 days are not listed (nor counted), with or
 * without `game_id`.
 */
export function reviewsInFeedWindow(reviews: ReviewIndex, query: ReviewQuery, now: number): ReviewPage {
  const cutoff = now - FEED_WINDOW_DAYS * 86_400;
  const all = reviews.list({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }).reviews;
  const recent = all.filter((review) => review.submitted > cutoff);
  const first = (query.page - 1) * query.perPage;
  return { total: recent.length, reviews: recent.slice(first, first + query.perPage) };
}

/**
 * Blind fault `blind33-review-list-game-name-cut-at-30`: the list reads the game's name from the
 * reviews table's denormalised `game_name VARCHAR(30)` column (filled without error when the review
 * was written), so a game name longer than 30 characters is cut there.
 */
export const REVIEW_GAME_NAME_COLUMN = 30;

/** Blind fault `blind33-review-list-game-name-cut-at-30`: the name as the column holds it. */
export function gameNameAsStored(name: string): string {
  return name.slice(0, REVIEW_GAME_NAME_COLUMN);
}

/**
 * Blind fault `blind33-review-detail-long-title-shortened`: the detail's title passes the review
 * page's `<title>` shortener (32 characters, an ellipsis in the last), so a longer title is cut.
 */
export const PAGE_TITLE_CHARACTERS = 32;

/** Blind fault `blind33-review-detail-long-title-shortened`: the title as the shortener writes it. */
export function shortenedTitle(title: string): string {
  return title.length > PAGE_TITLE_CHARACTERS ? `${title.slice(0, PAGE_TITLE_CHARACTERS - 1)}…` : title;
}

// ---------------------------------------------------------------------------------------------
// Player history.

/**
 * Blind fault `blind33-daily-lone-sample-day-dropped`: a day's average is written only when the day
 * holds more than one sample (`count > 1`, meant to skip a day in progress whose first crawl alone
 * has come in, where `count >= 1` was meant), so a day with a single sample is left out.
 */
export const daysOfSeveralSamples: DailyAggregation = (game, startSec, endSec, now) => {
  const byDay = new Map<number, number[]>();
  for (const t of sampleTimes(game, startSec, endSec, now)) {
    const day = dayFloor(t);
    const players = byDay.get(day);
    if (players === undefined) byDay.set(day, [playersAt(game, t)]);
    else players.push(playersAt(game, t));
  }
  const values: DailyValue[] = [];
  for (const [day, players] of byDay) {
    if (players.length > 1) values.push({ day, players: Math.round(meanOf(players)) });
  }
  return values;
};

/** Blind fault `blind33-daily-lone-sample-day-dropped`: the daily history without its one-sample days; undefined for a raw history. */
export function dailyWithoutLoneSampleDays(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<unknown> | undefined {
  if (query.granularity !== undefined && query.granularity !== 'daily') return undefined;
  return playerHistory(game, query, nowMs, { ...PLAYER_HISTORY_RULES, dailyValues: daysOfSeveralSamples });
}

/**
 * Blind fault `blind33-raw-players-clamped-255`: the raw samples are served from a history cache
 * that keeps each sample's count in a Uint8ClampedArray (a byte a sample: most games have fewer
 * than 256 players), so a sample of more than 255 players reads 255; the daily averages come from
 * the day sums and are right.
 */
export function rawCountsThroughBytes(result: DomainResult<PlayerHistoryResponse>): DomainResult<unknown> {
  if (!('ok' in result) || result.ok.meta.granularity !== 'raw') return result;
  const stored = Uint8ClampedArray.from(result.ok.data.map((sample) => sample.players));
  const data = result.ok.data.map((sample, i) => ({ ...sample, players: stored[i]! }));
  return { ok: { ...result.ok, data } };
}

// ---------------------------------------------------------------------------------------------
// MSSP.

/**
 * Blind fault `blind33-mssp-short-reply-not-available`: the snapshot reader skips a reply of fewer
 * variables than this as a partial (cut-off) MSSP reply, and with no complete reply stored answers
 * that there is no snapshot.
 */
export const COMPLETE_REPLY_MIN_VARIABLES = 23;

/** Blind fault `blind33-mssp-short-reply-not-available`: the answer for a game whose stored reply is short; undefined otherwise. */
export function shortReplySkipped(game: GameRecord): DomainResult<MsspResponse> | undefined {
  const raw = game.msspRaw;
  if (raw === null || Object.keys(raw).length >= COMPLETE_REPLY_MIN_VARIABLES) return undefined;
  return ok({ data: null, meta: { game_id: game.id, status: 'mssp_not_available' } });
}

// ---------------------------------------------------------------------------------------------
// Statistics and activity pattern.

/**
 * Blind fault `blind33-stats-unavailable-other-metrics-served`: the availability flag is read from the
 * game's player series (where the statistics backend marks it), and the nine other metrics are read
 * from the MSSP metric store, which has no such flag, so for a game whose statistics are unavailable
 * a metric other than `players` is answered 200; undefined otherwise.
 */
export function otherMetricOfUnavailableGame(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<unknown> | undefined {
  if (game.statisticsState !== 'unavailable') return undefined;
  if (query.metric === undefined || query.metric === 'players') return undefined;
  const asStored: GameRecord = { ...game, statisticsState: 'ready' };
  return gameStatistics(asStored, query, nowMs);
}

/**
 * Blind fault `blind33-stats-lone-observation-min-max-null`: the rollups' accumulator is created
 * from a bucket's first observation with its count and sum only, the minimum and maximum folded in
 * on the next ones (`acc.min = Math.min(acc.min ?? value, value)`), so a bucket holding a single
 * observation keeps them null; `raw` points are served from the samples and are right.
 */
export function loneObservationExtremesNull(result: DomainResult<StatisticsResponse>): DomainResult<unknown> {
  if (!('ok' in result) || result.ok.meta.resolution === 'raw') return result;
  const data = result.ok.data.map((point) =>
    point.count === 1 ? { ...point, min: null, max: null } : point,
  );
  return { ok: { ...result.ok, data } };
}

/**
 * Blind fault `blind33-activity-zero-average-null`: a cell's average is written `sum / count || null`
 * (the null of a sparse cell folded in with `||`), so a cell of three or more observations whose
 * samples all counted 0 players has a null average instead of 0.
 */
export function zeroAveragesNull(result: DomainResult<ActivityPatternResponse>): DomainResult<unknown> {
  if (!('ok' in result)) return result;
  const data = result.ok.data.map((cell) => ({ ...cell, average: cell.average || null }));
  return { ok: { ...result.ok, data } };
}

// ---------------------------------------------------------------------------------------------
// GET /tags.

/**
 * Blind fault `blind33-tags-group-values-capped-11`: each group's values are read into a row of
 * fixed capacity, sized for the widest group when it was written (eleven values), so the twelfth
 * value of the one group that has twelve is not listed.
 */
export const GROUP_VALUE_CAPACITY = 11;

/** Blind fault `blind33-tags-group-values-capped-11`: the taxonomy with each group's values cut to the capacity. */
export function groupValuesCapped<T extends { data: ReadonlyArray<{ values: readonly unknown[] }> }>(
  list: T,
): T {
  return {
    ...list,
    data: list.data.map((group) => ({ ...group, values: group.values.slice(0, GROUP_VALUE_CAPACITY) })),
  };
}
