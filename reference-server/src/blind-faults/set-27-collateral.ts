/**
 * Blind fault set 27 (set-27.ts): what each leaked change computes — plain functions, each called
 * only behind its fault's guard (operations.ts, middleware/), so with no fault on nothing here runs.
 * Each one is a shared piece changed for one consumer, as another consumer now sees it: a link
 * helper dropping empty parameters, a letters-only normaliser, links grown from the request's URL,
 * a "last activity" date, a day-floored sample time, one raw span for two endpoints, a defaulted
 * error code, an epoch-second sample serializer, a process-wide zone, a shared 90-day cap, an
 * "average or null" helper, UTC hour buckets, a crawl-slot floor, a Markdown-stripping cleaner.
 */
import { IANAZone } from 'luxon';
import type { Dataset, GameRecord } from '../../../fixtures/src/model.ts';
import { dayFloor, gridFloor } from '../../../fixtures/src/time.ts';
import { activityPattern, type ActivityPatternResponse } from '../domain/activity-pattern.ts';
import { parseDateRange } from '../domain/date-range.ts';
import type { DomainResult, RawQuery } from '../domain/domain-result.ts';
import type { MsspResponse } from '../domain/mssp.ts';
import { paginationLinks, type PageRequest, type PaginationLinks } from '../domain/pagination.ts';
import { PLAYER_HISTORY_RULES, playerHistory, type PlayerHistoryResponse } from '../domain/player-history.ts';
import type { GameDetail, ReviewSummary } from '../domain/representation.ts';
import type { StatisticsResponse } from '../domain/statistics.ts';
import { formatUtcDate, formatUtcTimestamp } from '../domain/utc-format.ts';

// ---------------------------------------------------------------------------------------------
// Links and search.

/** Blind fault `blind27-links-drop-empty-params`: the links of the request's parameters that have a value. */
export function linksWithoutEmptyParams(request: PageRequest): PaginationLinks {
  const kept = [...new URLSearchParams(request.rawQuery)].filter(([, value]) => value !== '');
  return paginationLinks({ ...request, rawQuery: new URLSearchParams(kept).toString() });
}

/** Blind fault `blind27-q-letters-only-terms`: the terms with everything but letters removed, empty ones dropped. */
export function lettersOnlyTerms(terms: readonly string[]): string[] {
  return [...new Set(terms.map((term) => term.replace(/[^\p{L}]+/gu, '')).filter((term) => term !== ''))];
}

// ---------------------------------------------------------------------------------------------
// Game representations.

/** Blind fault `blind27-detail-links-from-request-url`: the detail's own links grown from the request's URL. */
export function linksFromRequestUrl(urls: GameDetail['urls'], rawQuery: string): void {
  if (rawQuery === '') return;
  const self = `${urls.self}?${rawQuery}`;
  urls.self = self;
  urls.mssp = `${self}/mssp`;
  urls.players = `${self}/players`;
}

/** Blind fault `blind27-updated-bumped-by-review`: the latest of the listing's update and its reviews' times. */
export function lastActivity(dataset: Dataset, game: GameRecord): number {
  let latest = game.updated;
  for (const review of dataset.reviews) {
    if (review.gameId !== game.id) continue;
    latest = Math.max(latest, review.submitted, review.edited ?? review.submitted);
  }
  return latest;
}

// ---------------------------------------------------------------------------------------------
// MSSP and player history.

/** Blind fault `blind27-mssp-collected-at-day-floored`: the snapshot's time floored to its UTC day. */
export function snapshotDayFloored(result: DomainResult<MsspResponse>): DomainResult<MsspResponse> {
  if (!('ok' in result) || result.ok.data === null || result.ok.data.collected_at === null) return result;
  const at = Date.parse(result.ok.data.collected_at) / 1000;
  return {
    ok: { ...result.ok, data: { ...result.ok.data, collected_at: formatUtcTimestamp(dayFloor(at)) } },
  };
}

/** Blind fault `blind27-players-raw-span-from-statistics`: the raw span of the statistics' raw resolution. */
export const STATISTICS_RAW_SPAN_RULES = {
  ...PLAYER_HISTORY_RULES,
  maxSpanDays: { daily: PLAYER_HISTORY_RULES.maxSpanDays.daily, raw: 1 },
};

/** Blind fault `blind27-players-date-error-statistics-code`: a date-range refusal under the statistics' code. */
export function datesUnderStatisticsCode(
  result: DomainResult<PlayerHistoryResponse>,
  query: RawQuery,
): DomainResult<PlayerHistoryResponse> {
  if (!('error' in result) || result.error.code !== 'invalid_date_range') return result;
  const granularity = query.granularity ?? 'daily';
  if (granularity !== 'daily' && granularity !== 'raw') return result;
  return { error: { ...result.error, code: 'invalid_statistics_query' } };
}

/** Blind fault `blind27-raw-recorded-at-epoch-seconds`: raw samples stamped in Unix seconds. */
export function rawSamplesInEpochSeconds(
  result: DomainResult<PlayerHistoryResponse>,
): DomainResult<PlayerHistoryResponse> {
  if (!('ok' in result) || result.ok.meta.granularity !== 'raw') return result;
  const data = result.ok.data.map((sample) => ({
    ...sample,
    recorded_at: (Date.parse(sample.recorded_at) / 1000) as unknown as string,
  }));
  return { ok: { ...result.ok, data } };
}

/** Blind fault `blind27-players-today-in-last-activity-zone`: the process-wide default zone, per server. */
const defaultZones = new WeakMap<object, string>();

/** Blind fault `blind27-players-today-in-last-activity-zone`: the activity pattern setting the default zone. */
export function setDefaultZone(server: object, query: RawQuery): undefined {
  const zone = query.timezone;
  if (typeof zone === 'string' && IANAZone.isValidZone(zone)) defaultZones.set(server, zone);
  return undefined;
}

/** Blind fault `blind27-players-today-in-last-activity-zone`: `to` defaulted to the date in the default zone. */
export function todayInDefaultZone(server: object, query: RawQuery, nowMs: number): RawQuery {
  const zone = defaultZones.get(server);
  if (zone === undefined || query.to !== undefined) return query;
  const local = nowMs / 1000 + IANAZone.create(zone).offset(nowMs) * 60;
  return { ...query, to: formatUtcDate(local) };
}

/** The player history with the set's changes for `on` applied (the four faults of the history). */
export function collateralHistory(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  changes: { zoneOf?: object; rawSpan: boolean; statisticsCode: boolean; epochSeconds: boolean },
): DomainResult<PlayerHistoryResponse> {
  const asked = changes.zoneOf === undefined ? query : todayInDefaultZone(changes.zoneOf, query, nowMs);
  let result = playerHistory(
    game,
    asked,
    nowMs,
    changes.rawSpan ? STATISTICS_RAW_SPAN_RULES : PLAYER_HISTORY_RULES,
  );
  if (changes.statisticsCode) result = datesUnderStatisticsCode(result, asked);
  if (changes.epochSeconds) result = rawSamplesInEpochSeconds(result);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Statistics and activity pattern.

/** Blind fault `blind27-statistics-activity-90-day-cap`: the refusal of a range beyond the activity pattern's 90 days. */
export function beyondActivityCap(query: RawQuery, nowMs: number): DomainResult<never> | undefined {
  const range = parseDateRange(query, nowMs, { maxDays: 90, errorCode: 'invalid_statistics_query' });
  if (!('error' in range)) return undefined;
  const details = range.error.details as { max_days?: number } | undefined;
  return details?.max_days === 90 ? range : undefined;
}

/** Blind fault `blind27-statistics-sparse-average-null`: averages of points under three observations nulled. */
export function sparseAveragesNull(
  result: DomainResult<StatisticsResponse>,
): DomainResult<StatisticsResponse> {
  if (!('ok' in result)) return result;
  const data = result.ok.data.map((point) =>
    point.count > 0 && point.count < 3 ? { ...point, average: null } : point,
  );
  return { ok: { ...result.ok, data } };
}

/** Blind fault `blind27-activity-zone-ignored-by-hour-buckets`: the cells of UTC, `meta` naming the zone asked. */
export function cellsOfUtc(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<ActivityPatternResponse> | undefined {
  if (typeof query.timezone !== 'string') return undefined;
  const asked = activityPattern(game, query, nowMs);
  if (!('ok' in asked)) return undefined;
  const utc = activityPattern(game, { ...query, timezone: undefined }, nowMs);
  if (!('ok' in utc)) return undefined;
  return { ok: { data: utc.ok.data, meta: asked.ok.meta } };
}

// ---------------------------------------------------------------------------------------------
// Reviews.

function flooredToSlot(timestamp: string | null): string | null {
  return timestamp === null ? null : formatUtcTimestamp(gridFloor(Date.parse(timestamp) / 1000));
}

/** Blind fault `blind27-review-dates-floored-to-crawl-slot`: the review's dates floored to the half hour. */
export function reviewOnCrawlSlots<T extends ReviewSummary>(review: T): T {
  const { submitted, edited } = review.dates;
  return { ...review, dates: { submitted: flooredToSlot(submitted), edited: flooredToSlot(edited) } };
}

/** Blind fault `blind27-review-body-emphasis-stripped`: bold and italic markers removed from a Markdown text. */
export function emphasisStripped(text: string): string {
  return text
    .replace(/\*\*([^*\n]+)\*\*/g, '$1')
    .replace(/__([^_\n]+)__/g, '$1')
    .replace(/(^|[^*\w])\*(?![\s*])([^*\n]*?[^\s*])\*(?!\*)/gm, '$1$2')
    .replace(/(^|[^_\w])_(?![\s_])([^_\n]*?[^\s_])_(?!\w)/gm, '$1$2');
}
