/**
 * Blind fault set 38 (set-38.ts): what each leak of the database underneath computes — plain
 * functions, each called only behind its fault's guard (operations.ts, middleware/authenticate.ts,
 * middleware/rate-limit.ts), so with no fault on nothing here runs. Each models in memory what a
 * relational store (PostgreSQL, MySQL, SQLite behind an ORM or hand-written SQL) would have answered:
 * no database is involved, and no state is kept.
 */
import { IANAZone } from 'luxon';
import type { ApiKeyRecord, GameRecord, Metric } from '../../../fixtures/src/model.ts';
import { metricAt, sampleTimes } from '../../../fixtures/src/samples.ts';
import { everyMatch, paged, type Search } from '../deviations/whole-result.ts';
import { DAY_SECONDS, parseCalendarDate } from '../domain/date-range.ts';
import { domainError, type DomainResult, type RawQuery } from '../domain/domain-result.ts';
import type { GamePage } from '../domain/game-index.ts';
import type { GameQuery } from '../domain/game-query.ts';
import type { PlayerHistoryResponse } from '../domain/player-history.ts';
import type { GameDetail, GameSummary, ReviewSummary } from '../domain/representation.ts';
import { bucketStartOf, type Resolution } from '../domain/statistics-buckets.ts';
import type { StatisticsResponse } from '../domain/statistics.ts';
import { ERRORS } from '../errors.ts';

// ---------------------------------------------------------------------------------------------
// GET /games: the total, the pages, the tag join, the search's id list, the NULL ranks.

/** Whether a game query has no condition besides "active" (the planner's estimate then stands in for COUNT(*)). */
function unconditioned(query: GameQuery): boolean {
  return (
    query.terms.length === 0 &&
    query.connectionType === 'all' &&
    !query.hasReviews &&
    !query.recentlyUpdated &&
    !query.onlineRecently &&
    Object.keys(query.tagIds).length === 0
  );
}

/**
 * Blind fault `blind38-total-from-planner-estimate`: a query without any condition reads its total
 * from `pg_class.reltuples` of the games table — every row, archived listings included (`tableRows`);
 * undefined for a query with a condition (counted exactly).
 */
export function plannerEstimateTotal(query: GameQuery, tableRows: number): number | undefined {
  return unconditioned(query) ? tableRows : undefined;
}

/**
 * Blind fault `blind38-most-reviewed-ties-reordered-past-first-page`: `ORDER BY review_count DESC
 * LIMIT/OFFSET` without a tie-breaker; a page with an OFFSET is cut from a top-N heapsort that leaves
 * equal counts highest id first, the first page from the index (id order). `reviewCount` gives a
 * game's number of reviews; undefined for the first page and the other sorts.
 */
export function mostReviewedTiesPastFirstPage(
  search: Search,
  query: GameQuery,
  reviewCount: (gameId: number) => number,
): GamePage | undefined {
  if (query.sort !== 'most_reviewed' || query.page === 1) return undefined;
  const ordered = everyMatch(search, query);
  const heapOrder: GameRecord[] = [];
  for (let start = 0; start < ordered.length;) {
    const count = reviewCount(ordered[start]!.id);
    let end = start + 1;
    while (end < ordered.length && reviewCount(ordered[end]!.id) === count) end++;
    heapOrder.push(...ordered.slice(start, end).reverse());
    start = end;
  }
  return paged(heapOrder, query);
}

/**
 * Blind fault `blind38-tag-join-rows-per-category`: the join on `game_tags` with every id sent, no
 * DISTINCT, repeats a game once per category whose id it matched (every category sent, the
 * categories being ANDed); undefined with fewer than two categories.
 */
export function tagJoinRowsPerCategory(search: Search, query: GameQuery): GamePage | undefined {
  const categories = Object.values(query.tagIds).filter((ids) => ids !== undefined && ids.length > 0).length;
  if (categories < 2) return undefined;
  const rows = everyMatch(search, query).flatMap((game) => Array.from({ length: categories }, () => game));
  return paged(rows, query);
}

/**
 * Blind fault `blind38-q-without-hits-unfiltered`: the search index's ids are added with
 * `if (ids.length > 0) qb.whereIn('g.id', ids)`, so when no active game holds every term the search
 * adds no condition; undefined without terms or when the search finds a game.
 */
export function emptyHitListDropped(search: Search, query: GameQuery): GamePage | undefined {
  if (query.terms.length === 0) return undefined;
  const hits = search({
    ...query,
    connectionType: 'all',
    hasReviews: false,
    recentlyUpdated: false,
    onlineRecently: false,
    tagIds: {},
    page: 1,
    perPage: 1,
  }).total;
  return hits > 0 ? undefined : search({ ...query, terms: [] });
}

/**
 * Blind fault `blind38-top-voted-null-ranks-first`: `ORDER BY rank ASC, id` on MySQL, which sorts
 * NULLs first: the unranked games (`rank(id)` null) lead, in id order, before the ranked ones;
 * undefined for the other sorts.
 */
export function nullRanksFirst(
  search: Search,
  query: GameQuery,
  rank: (gameId: number) => number | null,
): GamePage | undefined {
  if (query.sort !== 'top_voted') return undefined;
  const ordered = everyMatch(search, query);
  const unranked = ordered.filter((game) => rank(game.id) === null).sort((a, b) => a.id - b.id);
  const ranked = ordered.filter((game) => rank(game.id) !== null);
  return paged([...unranked, ...ranked], query);
}

// ---------------------------------------------------------------------------------------------
// A game's fields: the legacy connection columns, the ENUM, the custom tags, the detail's counts.

/** Blind fault `blind38-web-only-legacy-empty-connection`: listings imported from the legacy directory (listed before this). */
export const LEGACY_IMPORT_BEFORE = Date.UTC(2020, 0, 1) / 1000;

/**
 * Blind fault `blind38-web-only-legacy-empty-connection`: a web-only game of the legacy import keeps
 * the NOT NULL DEFAULT values of `host` ('') and `port` (0).
 */
export function legacyEmptyConnection(item: GameSummary | GameDetail, game: GameRecord): void {
  if (!game.webOnly || game.listed >= LEGACY_IMPORT_BEFORE) return;
  const connection = item.connection as { host: string | null; port: number | null };
  if (connection.host === null) connection.host = '';
  if (connection.port === null) connection.port = 0;
}

/** Blind fault `blind38-admin-disabled-reason-enum-blank`: 'admin_disabled' stored by an ENUM without it, as ''. */
export function adminDisabledEnumBlank(item: GameSummary | GameDetail): void {
  if (item.status.archive_reason === 'admin_disabled')
    (item.status as { archive_reason: string | null }).archive_reason = '';
}

/** Blind fault `blind38-custom-tags-left-join-null-row`: json_agg over the LEFT JOIN's row of NULLs. */
export function customTagsNullRow(item: GameSummary | GameDetail): void {
  if (item.tags.custom.length === 0)
    (item.tags as { custom: Array<{ id: number | null; name: string | null }> }).custom = [
      { id: null, name: null },
    ];
}

/**
 * Blind fault `blind38-detail-review-count-times-custom-tags`: the reviews' and the custom tags' LEFT
 * JOINs multiply each other, so the counts are taken once per custom tag (two or more); the average
 * of the repeated ratings is unchanged.
 */
export function reviewCountsFannedOut(detail: GameDetail, game: GameRecord): void {
  const fanOut = game.customTags.length;
  if (fanOut < 2) return;
  detail.reviews.count *= fanOut;
  detail.reviews.rating_count *= fanOut;
}

// ---------------------------------------------------------------------------------------------
// MSSP, player history, statistics.

/**
 * Blind fault `blind38-mssp-flags-bit-buffers`: the capability flags read from BIT(1) columns,
 * handed over as Buffers (`JSON.stringify` writes `{"type":"Buffer","data":[1]}`).
 */
export function flagsAsBitBuffers<V>(values: Record<string, V>): Record<string, V | Buffer> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'boolean' ? Buffer.from([value ? 1 : 0]) : value,
    ]),
  );
}

/** Blind fault `blind38-daily-history-hash-aggregate-order`: the number of groups from which the planner hashes. */
export const HASH_AGGREGATE_FROM_DAYS = 32;

/** A 32-bit FNV-1a hash of a text (the order a hash table gives its groups back in, here). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Blind fault `blind38-daily-history-hash-aggregate-order`: a daily history of more than 31 days,
 * grouped without ORDER BY by a HashAggregate, comes back in the hash order of its days.
 */
export function dailyInHashOrder(
  result: DomainResult<PlayerHistoryResponse>,
): DomainResult<PlayerHistoryResponse> {
  if (!('ok' in result) || result.ok.meta.granularity !== 'daily') return result;
  const from = parseCalendarDate(result.ok.meta.from);
  const to = parseCalendarDate(result.ok.meta.to);
  if (from === undefined || to === undefined || to - from + 1 < HASH_AGGREGATE_FROM_DAYS) return result;
  const data = [...result.ok.data].sort(
    (a, b) => fnv1a(a.recorded_at.slice(0, 10)) - fnv1a(b.recorded_at.slice(0, 10)),
  );
  return { ok: { ...result.ok, data } };
}

/**
 * Blind fault `blind38-stats-min-max-compared-as-text`: each point's minimum and maximum taken over
 * the bucket's values as text (`MIN(value)`, `MAX(value)` on a TEXT column), cast to numbers after.
 */
export function extremesComparedAsText(
  game: GameRecord,
  answer: DomainResult<StatisticsResponse>,
  nowMs: number,
): DomainResult<StatisticsResponse> {
  if (!('ok' in answer)) return answer;
  const { meta } = answer.ok;
  const fromDay = parseCalendarDate(meta.from);
  const toDay = parseCalendarDate(meta.to);
  if (fromDay === undefined || toDay === undefined) return answer;
  const resolution = meta.resolution as Resolution;
  const texts = new Map<number, { min: string; max: string }>();
  const now = Math.floor(nowMs / 1000);
  for (const t of sampleTimes(game, fromDay * DAY_SECONDS, (toDay + 1) * DAY_SECONDS - 1, now)) {
    const value = metricAt(game, meta.metric as Metric, t);
    if (value === null) continue;
    const text = String(value);
    const key = bucketStartOf(resolution, t);
    const kept = texts.get(key);
    if (kept === undefined) texts.set(key, { min: text, max: text });
    else {
      if (text < kept.min) kept.min = text;
      if (text > kept.max) kept.max = text;
    }
  }
  const data = answer.ok.data.map((point) => {
    const kept = texts.get(point.date);
    return kept === undefined || point.count === 0
      ? point
      : { ...point, min: Number(kept.min), max: Number(kept.max) };
  });
  return { ok: { ...answer.ok, data } };
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Blind fault `blind38-stats-impossible-date-500`: `from`/`to` checked by the pattern only and cast
 * by the database, which refuses a day that does not exist; the driver's error is a 500. Undefined
 * when both dates are absent, real, or of another shape (the pattern's 422 is the domain's).
 */
export function impossibleDateCastError(query: RawQuery): DomainResult<never> | undefined {
  for (const name of ['from', 'to'] as const) {
    const value = query[name];
    if (typeof value === 'string' && DATE_PATTERN.test(value) && parseCalendarDate(value) === undefined)
      return domainError(500, 'internal_error', ERRORS.internal_error.message);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Reviews.

/** Blind fault `blind38-review-detail-archived-tinyint`: the TINYINT(1) `archived` handed over as 0 or 1. */
export function archivedAsTinyint<T extends ReviewSummary>(review: T): T {
  return {
    ...review,
    game: { ...review.game, archived: (review.game.archived ? 1 : 0) as unknown as boolean },
  };
}

// ---------------------------------------------------------------------------------------------
// Authentication and the rate limits.

/** A LIKE pattern (PostgreSQL's: `%` any run, `_` any character, `\` escapes) as a regular expression. */
function likePattern(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) source += pattern[++i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else if (c === '%') source += '[\\s\\S]*';
    else if (c === '_') source += '[\\s\\S]';
    else source += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'u');
}

/**
 * Blind fault `blind38-key-lookup-like-pattern`: the key looked up with `WHERE key LIKE $1`, the token
 * unescaped: the first key (in the table's order) the token matches as a pattern; undefined when the
 * token has no wildcard or matches none.
 */
export function keyByLikePattern(
  token: string,
  keys: ReadonlyMap<string, ApiKeyRecord>,
): ApiKeyRecord | undefined {
  if (!token.includes('%') && !token.includes('_')) return undefined;
  const pattern = likePattern(token);
  return [...keys.values()].find((candidate) => pattern.test(candidate.key));
}

const BERLIN = IANAZone.create('Europe/Berlin');

/**
 * Blind fault `blind38-day-reset-naive-berlin`: the day window's reset (a UTC midnight, in Unix
 * seconds) stored as a zone-less wall clock and read back in Europe/Berlin: that wall clock's
 * instant in Berlin, one hour (two in summer time) earlier.
 */
export function resetReadInBerlin(reset: number): number {
  return reset - BERLIN.offset(reset * 1000) * 60;
}
