/**
 * What the half-shipped v2 of blind fault set 23 (set-23.ts) does, as plain functions: each is
 * called only behind its fault's guard (`blindFault(faults, 'blind23-…')`) in the module the
 * fault's `where` names, so with no fault on none of this runs. The little state kept (the
 * detail canary's request counter) lives per game index, that is per started server.
 */
import type { Response } from 'express';
import type { GameRecord, ReviewRecord, Taxonomy } from '../../../fixtures/src/model.ts';
import { playersAt, sampleTimes } from '../../../fixtures/src/samples.ts';
import { dayFloor } from '../../../fixtures/src/time.ts';
import { parseDateRange } from '../domain/date-range.ts';
import { ok, type DomainResult, type RawQuery } from '../domain/domain-result.ts';
import type { GameIndex, GamePage } from '../domain/game-index.ts';
import type { GameQuery } from '../domain/game-query.ts';
import { playerHistory, type PlayerHistoryResponse } from '../domain/player-history.ts';
import type { GameDetail, GameSummary, ReviewSummary } from '../domain/representation.ts';
import type { ReviewIndex, ReviewPage, ReviewQuery } from '../domain/review-query.ts';
import { formatUtcTimestamp } from '../domain/utc-format.ts';
import { blindPage } from '../deviations/blind-pages.ts';
import { reviewsOfGame } from './reviews-of-game.ts';
import { onAnswer } from '../respond.ts';

const DAY_SECONDS = 86_400;
const HOUR_SECONDS = 3600;

// ---------------------------------------------------------------------------------------------
// Game representations

/** blind23-v2-links-on-new-shard: the first listing id stored on the v2 store's new shard. */
export const V2_SHARD_FIRST_ID = 301;

/** blind23-v2-links-on-new-shard: the game's API links as the v2 shard's link builder writes them. */
export function v2ShardLinks(urls: GameSummary['urls']): void {
  const v2 = (url: string) => url.replace('/api/v1/', '/api/v2/');
  urls.self = v2(urls.self);
  if (urls.mssp !== undefined) urls.mssp = v2(urls.mssp);
  if (urls.players !== undefined) urls.players = v2(urls.players);
  if (urls.reviews !== undefined) urls.reviews = v2(urls.reviews);
}

/** blind23-average-rating-v2-name-recent-reviews: how far back the v2 review-stats table is read. */
const V2_STATS_WINDOW_SECONDS = 14 * DAY_SECONDS;

/** blind23-average-rating-v2-name-recent-reviews: whether the game's stats row was rewritten in v2 (a review in the last 14 days). */
export function statsRowInV2(index: GameIndex, gameId: number, now: number): boolean {
  return reviewsOfGame(index.dataset, gameId).some(
    ({ submitted }) => submitted <= now && submitted > now - V2_STATS_WINDOW_SECONDS,
  );
}

/** blind23-average-rating-v2-name-recent-reviews: the v2 stats row's field name. */
export function v2ReviewStats(reviews: GameSummary['reviews']): GameSummary['reviews'] {
  const { count, average_rating, rating_count } = reviews;
  return { count, rating_average: average_rating, rating_count } as unknown as GameSummary['reviews'];
}

/** blind23-archive-reason-v2-unreachable: v2's enum for an archiving by non-connectivity. */
export function v2ArchiveReason(status: GameSummary['status']): void {
  if (status.archive_reason === 'non_connectivity') {
    (status as { archive_reason: string | null }).archive_reason = 'unreachable';
  }
}

/** blind23-categories-v2-arrays-recently-edited: how long ago the v2 schema writer went live. */
const V2_WRITER_WINDOW_SECONDS = 7 * DAY_SECONDS;

/** blind23-categories-v2-arrays-recently-edited: whether the listing was last written by the v2 writer. */
export function writtenByV2(game: GameRecord, now: number): boolean {
  return game.updated <= now && game.updated > now - V2_WRITER_WINDOW_SECONDS;
}

/** blind23-categories-v2-arrays-recently-edited: v2's multi-valued categories, each value a list. */
export function v2Categories(tags: GameSummary['tags']): void {
  const lists = Object.fromEntries(Object.entries(tags.categories).map(([key, tag]) => [key, [tag]]));
  (tags as { categories: unknown }).categories = lists;
}

/** blind23-detail-canary-description-object: one detail request in this many is served by the v2 serializer. */
const CANARY_ONE_IN = 5;

const detailRequests = new WeakMap<object, { count: number }>();

/** blind23-detail-canary-description-object: counts this server's detail answers; true for the canary's share. */
export function detailCanaryHit(index: object): boolean {
  let counter = detailRequests.get(index);
  if (counter === undefined) detailRequests.set(index, (counter = { count: 0 }));
  counter.count += 1;
  return counter.count % CANARY_ONE_IN === 0;
}

/** blind23-detail-canary-description-object: v2's rich-text description. */
export function v2Description(detail: GameDetail): void {
  (detail as { description: unknown }).description = { format: 'markdown', content: detail.description };
}

// ---------------------------------------------------------------------------------------------
// GET /games

/** blind23-game-size-filter-backfill-gap: the id batch the backfill of the game-size column lost. */
const GAME_SIZE_GAP = { first: 129, last: 256 };

/** blind23-game-size-filter-backfill-gap: the games of a game-size filter as the v2 tag index has them. */
export function gameSizeIndexWithGap(index: GameIndex, query: GameQuery, now: number): GamePage {
  const matching = index
    .search({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }, now)
    .games.filter((game) => game.id < GAME_SIZE_GAP.first || game.id > GAME_SIZE_GAP.last);
  return blindPage(matching, query);
}

/** blind23-connection-type-v2-values-accepted: v2's connection types, read as their v1 values. */
const V2_CONNECTION_TYPES: Readonly<Record<string, string>> = { telnet: 'mud_client', browser: 'web_only' };

export function v1ConnectionType(raw: RawQuery): RawQuery {
  const sent = raw.connection_type;
  if (typeof sent !== 'string' || !Object.hasOwn(V2_CONNECTION_TYPES, sent)) return raw;
  return { ...raw, connection_type: V2_CONNECTION_TYPES[sent] };
}

/** blind23-search-v2-per-page-100: the v2 search service's largest page. */
const V2_SEARCH_MAX_PER_PAGE = 100;

/** blind23-search-v2-per-page-100: a search's page size above 50 the v2 search service takes, else undefined. */
export function v2SearchPerPage(raw: RawQuery): number | undefined {
  const { q, per_page: perPage } = raw;
  if (typeof q !== 'string' || q.trim() === '' || typeof perPage !== 'string') return undefined;
  if (!/^[1-9][0-9]*$/.test(perPage)) return undefined;
  const value = Number(perPage);
  return value > 50 && value <= V2_SEARCH_MAX_PER_PAGE ? value : undefined;
}

// ---------------------------------------------------------------------------------------------
// MSSP

/** blind23-mssp-archive-store-redirect: snapshots older than this were moved to v2's archive store. */
const ARCHIVE_STORE_AFTER_SECONDS = 90 * DAY_SECONDS;

export function snapshotInArchiveStore(game: GameRecord, now: number): boolean {
  return (
    game.msspRaw !== null &&
    game.msspCollectedAt !== null &&
    game.msspCollectedAt < now - ARCHIVE_STORE_AFTER_SECONDS
  );
}

/** blind23-mssp-archive-store-redirect: where v2 serves the game's snapshot. */
export function v2MsspUrl(apiBase: string, gameId: number): string {
  return `${apiBase.replace(/\/api\/v1$/, '/api/v2')}/games/${gameId}/mssp`;
}

// ---------------------------------------------------------------------------------------------
// GET /games/{gameId}/players

/** blind23-players-hourly-granularity-leaked: v2's hourly history (rounded hourly means), at most 90 days. */
export function hourlyHistory(game: GameRecord, query: RawQuery, nowMs: number): DomainResult<unknown> {
  const range = parseDateRange(query, nowMs, { maxDays: 90, errorCode: 'invalid_date_range' });
  if ('error' in range) return range;
  const { from, to, startSec, endSec } = range.ok;
  const hours = new Map<number, number[]>();
  for (const t of sampleTimes(game, startSec, endSec, Math.floor(nowMs / 1000))) {
    const hour = Math.floor(t / HOUR_SECONDS) * HOUR_SECONDS;
    const players = hours.get(hour) ?? [];
    players.push(playersAt(game, t));
    hours.set(hour, players);
  }
  const data = [...hours].map(([hour, players]) => ({
    recorded_at: formatUtcTimestamp(hour),
    players: Math.round(players.reduce((sum, count) => sum + count, 0) / players.length),
  }));
  return ok({ data, meta: { game_id: game.id, granularity: 'hourly', from, to } });
}

/** blind23-daily-store-boundary-day-missing: the daily store's boundary day (30 days before today, 00:00Z). */
export function boundaryDay(nowMs: number): number {
  return dayFloor(Math.floor(nowMs / 1000)) - 30 * DAY_SECONDS;
}

/** blind23-daily-store-boundary-day-missing: the daily history stitched from both stores, each read with an exclusive bound at the boundary day. */
export function dailyWithoutBoundaryDay(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<PlayerHistoryResponse> | undefined {
  const result = playerHistory(game, query, nowMs);
  if (!('ok' in result) || result.ok.meta.granularity !== 'daily') return undefined;
  const boundary = formatUtcTimestamp(boundaryDay(nowMs));
  return ok({ ...result.ok, data: result.ok.data.filter((sample) => sample.recorded_at !== boundary) });
}

/** blind23-raw-migrating-week-twice: the week of raw samples in flight to the v2 store: 14 to 8 days before today. */
export function migratingWeek(nowMs: number): { start: number; end: number } {
  const today = dayFloor(Math.floor(nowMs / 1000));
  return { start: today - 14 * DAY_SECONDS, end: today - 7 * DAY_SECONDS };
}

/** blind23-raw-migrating-week-twice: the raw samples read from both stores and united without de-duplication. */
export function rawWithMigratingWeekTwice(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<PlayerHistoryResponse> | undefined {
  const result = playerHistory(game, query, nowMs);
  if (!('ok' in result) || result.ok.meta.granularity !== 'raw') return undefined;
  const { start, end } = migratingWeek(nowMs);
  const data = result.ok.data.flatMap((sample) => {
    const t = Date.parse(sample.recorded_at) / 1000;
    return t >= start && t < end ? [sample, { ...sample }] : [sample];
  });
  return ok({ ...result.ok, data });
}

/**
 * blind23-players-errors-problem-json: the route's errors written by v2's error middleware, as RFC
 * 9457 problem details (`application/problem+json`), instead of the v1 envelope.
 */
export function errorsAsProblemDetails(res: Response): void {
  onAnswer(res, (body) => {
    const status = res.statusCode;
    if (status < 400) return undefined;
    let code = 'error';
    let message = '';
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { error?: { code?: string; message?: string } };
      code = parsed.error?.code ?? code;
      message = parsed.error?.message ?? message;
    } catch {
      return undefined;
    }
    const problem = Buffer.from(
      JSON.stringify({
        type: `https://mudverse.example/problems/${code.replaceAll('_', '-')}`,
        title: message,
        status,
        detail: message,
        instance: `urn:request:${String(res.locals.requestId)}`,
      }),
    );
    res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
    res.setHeader('Content-Length', problem.length);
    return problem;
  });
}

// ---------------------------------------------------------------------------------------------
// GET /games/{gameId}/statistics

/** blind23-stats-pending-v2-code: the "range in preparation" 503 under v2's code. */
export function pendingUnderV2Code(res: Response): void {
  onAnswer(res, (body) => {
    if (res.statusCode !== 503) return undefined;
    const text = body.toString('utf8');
    if (!text.includes('"code":"statistics_pending"')) return undefined;
    const renamed = Buffer.from(
      text.replace('"code":"statistics_pending"', '"code":"statistics_backfilling"'),
    );
    res.setHeader('Content-Length', renamed.length);
    return renamed;
  });
}

// ---------------------------------------------------------------------------------------------
// GET /reviews, GET /reviews/{reviewId}

/** blind23-reviews-read-model-lags-day: how far the v2 read model of the reviews lags behind. */
const READ_MODEL_LAG_SECONDS = DAY_SECONDS;

/** blind23-reviews-read-model-lags-day: a page of the reviews as the lagging read model has them. */
export function laggingReviewPage(reviews: ReviewIndex, query: ReviewQuery, now: number): ReviewPage {
  const all = reviews.list({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }).reviews;
  const caught: ReviewRecord[] = all.filter((review) => review.submitted <= now - READ_MODEL_LAG_SECONDS);
  const first = (query.page - 1) * query.perPage;
  return { total: caught.length, reviews: caught.slice(first, first + query.perPage) };
}

/** blind23-reviews-next-link-v2-cursor: v2's cursor link after the page's last review, the request's `page`-less query kept. */
export function cursorLink(resourceUrl: string, rawQuery: string, lastReviewId: number): string {
  const params = new URLSearchParams(rawQuery);
  params.delete('page');
  params.set('cursor', Buffer.from(JSON.stringify({ after: lastReviewId })).toString('base64url'));
  return `${resourceUrl}?${params.toString()}`;
}

/** blind23-review-author-v2-name-old-ids: the reviews migrated first to the v2 store (the oldest ids). */
export const V2_MIGRATED_REVIEWS_UP_TO = 128;

/** blind23-review-author-v2-name-old-ids: v2's author object. */
export function v2Author<T extends ReviewSummary>(review: T): T {
  const { display_name, affiliation } = review.author;
  return { ...review, author: { name: display_name, affiliation } as unknown as T['author'] };
}

// ---------------------------------------------------------------------------------------------
// GET /tags

/** blind23-tags-location-v2-ids: how the v2 taxonomy renumbered the values it migrated. */
const V2_TAG_ID_OFFSET = 1000;

/** A GET /tags body as served (ids may already be deviated by other faults). */
interface TagBody {
  data: Array<{ id: unknown; values: Array<{ id: unknown }> }>;
}

/** blind23-tags-location-v2-ids: the location group read from the v2 taxonomy, its values under their v2 ids. */
export function v2LocationIds<T extends TagBody>(body: T, taxonomy: Taxonomy): T {
  const location = taxonomy.groups.find((group) => group.key === 'location')?.id;
  const renumbered = (id: unknown) => (typeof id === 'number' ? id + V2_TAG_ID_OFFSET : id);
  return {
    ...body,
    data: body.data.map((group) =>
      group.id === location
        ? { ...group, values: group.values.map((tag) => ({ ...tag, id: renumbered(tag.id) })) }
        : group,
    ),
  };
}
