/**
 * Blind fault set 26 (set-26.ts): what each misreading computes — plain functions, each called only
 * behind its fault's guard (operations.ts, middleware/), so with no fault on nothing here runs. Each
 * one is the answer of an implementer who read one sentence or table row of the description
 * another way: links from the documented parameters, a search box's quoted phrases, JSON:API's
 * `-sort`, "updated" as crawled, one category's bare and bracketed names as two filters, a null
 * connection, `|| null`, a tombstone, a Java `YYYY` pattern, `meta` echoing the request, the metrics
 * as the known numeric MSSP fields, a retention window, "30 days" as a difference, null counts.
 */
import { CATEGORY_KEYS, METRICS, type GameRecord } from '../../../fixtures/src/model.ts';
import { lastCrawled } from '../../../fixtures/src/samples.ts';
import { DAY_SECONDS, parseCalendarDate, parseDateRange } from '../domain/date-range.ts';
import { domainError, type DomainResult, type RawQuery } from '../domain/domain-result.ts';
import { RECENTLY_UPDATED_SECONDS, type GamePage } from '../domain/game-index.ts';
import {
  GAME_PARAMETER_NAMES,
  GAME_SORTS,
  tagParameters,
  type GameQuery,
  type GameSort,
} from '../domain/game-query.ts';
import { normalizeMssp, type MsspResponse } from '../domain/mssp.ts';
import { paginationLinks, type PageRequest, type PaginationLinks } from '../domain/pagination.ts';
import { MAX_SPAN_DAYS } from '../domain/player-history.ts';
import type { GameDetail, ReviewSummary } from '../domain/representation.ts';
import { parsePositiveInteger } from '../domain/strict-integer.ts';
import type { StatisticsResponse } from '../domain/statistics.ts';
import type { ActivityPatternResponse } from '../domain/activity-pattern.ts';
import { formatUtcDate, formatUtcTimestamp } from '../domain/utc-format.ts';
import { everyMatch, paged, type Search } from '../deviations/whole-result.ts';

// ---------------------------------------------------------------------------------------------
// Links.

/** The parameters the "Query parameters" tables list, per collection. */
const DOCUMENTED: Readonly<Record<'games' | 'reviews', ReadonlySet<string>>> = {
  games: GAME_PARAMETER_NAMES,
  reviews: new Set(['game_id', 'page', 'per_page']),
};

/** Blind fault `blind26-links-documented-params-only`: the links of the request's documented parameters alone. */
export function documentedParamsLinks(
  request: PageRequest,
  collection: 'games' | 'reviews',
): PaginationLinks {
  const kept = [...new URLSearchParams(request.rawQuery)].filter(([name]) =>
    DOCUMENTED[collection].has(name),
  );
  return paginationLinks({ ...request, rawQuery: new URLSearchParams(kept).toString() });
}

// ---------------------------------------------------------------------------------------------
// GET /games: the whole result read the faulty way, then paged.

/** Blind fault `blind26-q-quoted-phrase`: `q`'s terms with quoted runs kept whole (quotes dropped), lower-cased. */
export function searchEngineTerms(q: string): string[] {
  const terms: string[] = [];
  const pattern = /"([^"]*)"|(\S+)/gu;
  for (let match = pattern.exec(q); match !== null; match = pattern.exec(q)) {
    const term = (match[1] ?? match[2] ?? '').trim().replace(/\s+/gu, ' ').toLowerCase();
    if (term !== '') terms.push(term);
  }
  return [...new Set(terms)];
}

/** Blind fault `blind26-q-quoted-phrase`: the games holding every term, a phrase included, in one of the three fields. */
export function phraseSearch(search: Search, query: GameQuery, q: string): GamePage {
  const terms = searchEngineTerms(q);
  const holds = (game: GameRecord, term: string) =>
    [game.name, game.intro, game.description].some((field) => field.toLowerCase().includes(term));
  return paged(
    everyMatch(search, { ...query, terms: [] }).filter((game) => terms.every((term) => holds(game, term))),
    query,
  );
}

/** Blind fault `blind26-sort-minus-prefix-descending`: the known sort a `-`-prefixed value names, if any. */
export function minusPrefixedSort(sort: RawQuery[string]): GameSort | undefined {
  if (typeof sort !== 'string' || !sort.startsWith('-')) return undefined;
  return GAME_SORTS.find((known) => known === sort.slice(1));
}

/** Blind fault `blind26-sort-minus-prefix-descending`: that sort's order, reversed. */
export function reversedSort(search: Search, query: GameQuery, sort: GameSort): GamePage {
  return paged(everyMatch(search, { ...query, sort }).reverse(), query);
}

/** Blind fault `blind26-recently-updated-reads-last-crawl`: the games crawled in the last 30 days. */
export function crawledRecently(search: Search, query: GameQuery, now: number): GamePage {
  const since = now - RECENTLY_UPDATED_SECONDS;
  const crawled = (game: GameRecord) => {
    const last = game.webOnly ? null : lastCrawled(game, now);
    return last !== null && last >= since;
  };
  return paged(everyMatch(search, { ...query, recentlyUpdated: false }).filter(crawled), query);
}

function ids(value: RawQuery[string]): number[] {
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return values.map((text) => parsePositiveInteger(text)).filter((id) => id !== undefined);
}

/**
 * Blind fault `blind26-tag-bare-and-bracketed-anded`: a category sent under both its names read as
 * two filters (the bracketed ids, AND the bare ones), or undefined when no category is.
 */
export function bareAndBracketedAnded(search: Search, query: GameQuery, raw: RawQuery): GamePage | undefined {
  const bareOf = new Map<(typeof CATEGORY_KEYS)[number], number[]>();
  const tagIds = { ...query.tagIds };
  for (const category of CATEGORY_KEYS) {
    const [bracketed, bare] = tagParameters(category);
    if (raw[bracketed] === undefined || raw[bare] === undefined) continue;
    tagIds[category] = ids(raw[bracketed]);
    bareOf.set(category, ids(raw[bare]));
  }
  if (bareOf.size === 0) return undefined;
  const all = everyMatch(search, { ...query, tagIds }).filter((game) =>
    [...bareOf].every(([category, bare]) => bare.includes(game.categories[category] ?? -1)),
  );
  return paged(all, query);
}

// ---------------------------------------------------------------------------------------------
// Game representations.

/** Blind fault `blind26-archived-detail-tombstone`: the archived listing's tombstone. */
export function tombstone(detail: GameDetail): Partial<GameDetail> {
  const { id, name, urls, status, dates } = detail;
  return {
    id,
    name,
    urls: { self: urls.self, mudverse: urls.mudverse } as GameDetail['urls'],
    status,
    dates,
  };
}

// ---------------------------------------------------------------------------------------------
// Reviews.

/** The Sunday-start week's year (Java's `Y` under the US locale): late December in 1 January's week is the next year. */
export function weekBasedYear(epochSeconds: number): number {
  const at = new Date(epochSeconds * 1000);
  const year = at.getUTCFullYear();
  const firstOfNext = Date.UTC(year + 1, 0, 1);
  const weekStart = firstOfNext - new Date(firstOfNext).getUTCDay() * DAY_SECONDS * 1000;
  return at.getTime() >= weekStart ? year + 1 : year;
}

/** Blind fault `blind26-review-dates-week-based-year`: a timestamp written with the week-based year. */
export function withWeekBasedYear(timestamp: string | null): string | null {
  if (timestamp === null) return null;
  const seconds = Date.parse(timestamp) / 1000;
  return `${String(weekBasedYear(seconds)).padStart(4, '0')}${formatUtcTimestamp(seconds).slice(4)}`;
}

/** Blind fault `blind26-review-dates-week-based-year`: the review's dates written with `YYYY`. */
export function reviewWithWeekYears<T extends ReviewSummary>(review: T): T {
  const { submitted, edited } = review.dates;
  return { ...review, dates: { submitted: withWeekBasedYear(submitted), edited: withWeekBasedYear(edited) } };
}

/** Blind fault `blind26-reviews-meta-per-page-as-sent`: the integer `per_page` sent, if it is one. */
export function perPageAsSent(raw: RawQuery): number | undefined {
  const text = raw.per_page;
  return typeof text === 'string' && /^(0|-?[1-9][0-9]*)$/.test(text) ? Number(text) : undefined;
}

// ---------------------------------------------------------------------------------------------
// MSSP.

/** Blind fault `blind26-mssp-only-metric-keys-numeric`: the numeric series the API knows. */
const METRIC_KEYS: ReadonlySet<string> = new Set(METRICS);

/** Blind fault `blind26-mssp-only-metric-keys-numeric`: the snapshot normalized with the metrics as the numeric keys. */
export function metricsOnlyNumeric(game: GameRecord): MsspResponse | undefined {
  if (game.msspRaw === null || game.msspCollectedAt === null) return undefined;
  return {
    data: {
      collected_at: formatUtcTimestamp(game.msspCollectedAt),
      values: normalizeMssp(game.msspRaw, METRIC_KEYS),
    },
    meta: { game_id: game.id, status: 'available' },
  };
}

// ---------------------------------------------------------------------------------------------
// Player history and statistics.

/**
 * Blind fault `blind26-history-range-limit-as-lookback`: the refusal of a range starting before the
 * retention window the maximum span is read as, or undefined (the range left to the history's own
 * validation).
 */
export function beyondLookback(query: RawQuery, nowMs: number): DomainResult<never> | undefined {
  const granularity = query.granularity ?? 'daily';
  if (granularity !== 'daily' && granularity !== 'raw') return undefined;
  const range = parseDateRange(query, nowMs, { maxDays: Infinity, errorCode: 'invalid_date_range' });
  if ('error' in range) return undefined;
  const today = Math.floor(nowMs / 1000 / DAY_SECONDS);
  const back = today - range.ok.startSec / DAY_SECONDS + 1;
  const kept = MAX_SPAN_DAYS[granularity];
  if (back <= kept) return undefined;
  return domainError(
    422,
    'invalid_date_range',
    `The ${granularity} history goes back at most ${kept} days; '${range.ok.from}' is ${back} days back.`,
    { from: range.ok.from, max_days: kept },
  );
}

/** Blind fault `blind26-stats-default-range-31-days`: the query with `from` defaulted to `to` minus 30 days. */
export function fromThirtyDaysBefore(query: RawQuery, nowMs: number): RawQuery {
  if (query.from !== undefined) return query;
  const to = query.to;
  const toDay =
    to === undefined
      ? Math.floor(nowMs / 1000 / DAY_SECONDS)
      : typeof to === 'string'
        ? parseCalendarDate(to)
        : undefined;
  if (toDay === undefined) return query;
  return { ...query, from: formatUtcDate((toDay - 30) * DAY_SECONDS) };
}

/** Blind fault `blind26-stats-empty-bucket-count-null`: points without observations with a null count. */
export function emptyCountsNull(result: DomainResult<StatisticsResponse>): DomainResult<StatisticsResponse> {
  if (!('ok' in result)) return result;
  const data = result.ok.data.map((point) =>
    point.count === 0 ? { ...point, count: null as unknown as number } : point,
  );
  return { ok: { ...result.ok, data } };
}

/** Blind fault `blind26-activity-sparse-cell-count-null`: cells of fewer than three observations suppressed. */
export function sparseCountsNull(
  result: DomainResult<ActivityPatternResponse>,
): DomainResult<ActivityPatternResponse> {
  if (!('ok' in result)) return result;
  const data = result.ok.data.map((cell) =>
    cell.count < 3 ? { ...cell, count: null as unknown as number, average: null } : cell,
  );
  return { ok: { ...result.ok, data } };
}
