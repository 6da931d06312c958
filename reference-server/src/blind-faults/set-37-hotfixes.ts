/**
 * Blind fault set 37 (set-37.ts): what each hotfix that overcorrects computes — plain functions,
 * each called only behind its fault's guard (operations.ts, middleware/authenticate.ts,
 * middleware/rate-limit.ts), so with no fault on nothing here runs. Every fault is the patch a
 * developer on call writes for a report (a client's complaint, a monitoring alert, a customer's
 * email): it makes the reported case right, or silences the report, and breaks a neighbouring case
 * the report did not mention. No state is kept (the one fault about the rate limits counts through
 * the limiter, whose counts are the state the rule is about).
 */
import { distance } from 'fastest-levenshtein';
import { IANAZone } from 'luxon';
import { PENDING_RANGE_DAYS, type GameRecord } from '../../../fixtures/src/model.ts';
import type { Search } from '../deviations/whole-result.ts';
import { DAY_SECONDS, parseCalendarDate } from '../domain/date-range.ts';
import type { DomainResult, RawQuery } from '../domain/domain-result.ts';
import type { GamePage } from '../domain/game-index.ts';
import { GAME_SORTS, type GameQuery } from '../domain/game-query.ts';
import type { PageRequest, PaginationLinks } from '../domain/pagination.ts';
import { MAX_SPAN_DAYS, PLAYER_HISTORY_RULES, type PlayerHistoryRules } from '../domain/player-history.ts';
import type { GameDetail, GameSummary } from '../domain/representation.ts';
import type { StatisticsResponse } from '../domain/statistics.ts';
import { formatUtcDate, formatUtcTimestamp } from '../domain/utc-format.ts';

/** A page of `matching` (every match, in order) as the query asks for it. */
function pageOf(matching: readonly GameRecord[], query: GameQuery): GamePage {
  const first = (query.page - 1) * query.perPage;
  return { total: matching.length, games: matching.slice(first, first + query.perPage) };
}

/** Every game a query matches, in its order. */
function everyMatch(search: Search, query: GameQuery): GameRecord[] {
  return search({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }).games;
}

// ---------------------------------------------------------------------------------------------
// The collections' links.

/**
 * Blind fault `blind37-next-link-dropped-before-one-item-page`: after a report of a `next` link on
 * the exact last page, the link helper's test was "tightened" to `page × per_page < total − 1`, so a
 * page followed by a page of exactly one item has no `next` link (games and reviews share the
 * helper).
 */
export function nextDroppedBeforeOneItemPage<T extends { links: PaginationLinks }>(
  body: T,
  request: PageRequest,
): T {
  if (body.links.next === undefined || request.page * request.perPage !== request.total - 1) return body;
  const { next: _next, ...links } = body.links;
  return { ...body, links };
}

// ---------------------------------------------------------------------------------------------
// A game's representation.

/**
 * Blind fault `blind37-offline-active-game-archive-reason`: a backfill for legacy archived rows
 * without a reason (`archive_reason ?? (confirmed_online ? null : 'non_connectivity')`), put in the
 * shared status serializer, so an active game that is not confirmed online gets the reason too.
 */
export function offlineGameArchiveReason(item: GameSummary | GameDetail): void {
  if (item.status.archive_reason === null && !item.status.confirmed_online)
    (item.status as { archive_reason: string | null }).archive_reason = 'non_connectivity';
}

const BERLIN = IANAZone.create('Europe/Berlin');

/** An API timestamp (`YYYY-MM-DDThh:mm:ssZ`) moved to Berlin's wall clock, still written with `Z`. */
function berlinWallClock(timestamp: string | null): string | null {
  if (timestamp === null) return null;
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) return timestamp;
  return formatUtcTimestamp(ms / 1000 + BERLIN.offset(ms) * 60);
}

/**
 * Blind fault `blind37-detail-dates-shifted-to-berlin`: for a customer who read the times against
 * the listing page (shown in Europe/Berlin), the detail's `dates` are converted to Berlin time, while
 * the formatter still writes `Z`: the detail's `created`, `listed` and `updated` are one hour (winter)
 * or two hours (summer) late.
 */
export function detailDatesInBerlin(detail: GameDetail): void {
  const dates = detail.dates as Record<'created' | 'listed' | 'updated', string | null>;
  for (const name of ['created', 'listed', 'updated'] as const) dates[name] = berlinWallClock(dates[name]);
}

// ---------------------------------------------------------------------------------------------
// GET /games: connection type, search, sort, tag filters.

/**
 * Blind fault `blind37-mud-client-excludes-games-with-website`: after a report of a game "played in
 * the browser" among `connection_type=mud_client`, the filter keeps the games without a website;
 * undefined for the other connection types.
 */
export function mudClientWithoutWebsite(search: Search, query: GameQuery): GamePage | undefined {
  if (query.connectionType !== 'mud_client') return undefined;
  return pageOf(
    everyMatch(search, query).filter((game) => game.website === null),
    query,
  );
}

const escaped = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Blind fault `blind37-q-whole-words-only`: after a complaint that `q=orc` finds "sorcery" and
 * "force", each term must match a whole word (`\bterm\b`) of the name, intro or description;
 * undefined without terms.
 */
export function wholeWordSearch(search: Search, query: GameQuery): GamePage | undefined {
  if (query.terms.length === 0) return undefined;
  const words = query.terms.map((term) => new RegExp(`\\b${escaped(term)}\\b`, 'u'));
  const matching = everyMatch(search, { ...query, terms: [] }).filter((game) => {
    const text = `${game.name}\n${game.intro}\n${game.description}`.toLowerCase();
    return words.every((word) => word.test(text));
  });
  return pageOf(matching, query);
}

/**
 * Blind fault `blind37-sort-typo-matched-to-nearest`: an unknown `sort` within two edits of a listed
 * sort (`top_votes`, `newset`) is read as that sort, before the query is parsed; the other values
 * are left as sent.
 */
export function sortTypoCorrected(raw: RawQuery): RawQuery {
  const sent = raw.sort;
  if (typeof sent !== 'string' || (GAME_SORTS as readonly string[]).includes(sent)) return raw;
  let nearest: string | undefined;
  let best = 3;
  for (const sort of GAME_SORTS) {
    const edits = distance(sent, sort);
    if (edits < best) [nearest, best] = [sort, edits];
  }
  return nearest === undefined ? raw : { ...raw, sort: nearest };
}

/**
 * Blind fault `blind37-tag-categories-ored-like-values`: the joiner of the tag conditions was turned
 * from AND to OR (to let the ids of one category combine with OR), and it joins the categories too,
 * so a game matching any category sent is listed; undefined with fewer than two categories.
 */
export function tagCategoriesOred(search: Search, query: GameQuery): GamePage | undefined {
  const sent = Object.entries(query.tagIds) as Array<[keyof GameRecord['categories'], number[]]>;
  if (sent.length < 2) return undefined;
  const matching = everyMatch(search, { ...query, tagIds: {} }).filter((game) =>
    sent.some(([category, ids]) => {
      const id = game.categories[category];
      return id !== undefined && ids.includes(id);
    }),
  );
  return pageOf(matching, query);
}

// ---------------------------------------------------------------------------------------------
// Player history, statistics and the activity pattern.

/**
 * Blind fault `blind37-history-span-limit-off-by-one`: the span is counted as `to − from` days (the
 * `+ 1` dropped to let a reported 90-day range through), so each maximum admits one day more.
 */
export function historyRulesOneDayLonger(): PlayerHistoryRules {
  return {
    ...PLAYER_HISTORY_RULES,
    maxSpanDays: { daily: MAX_SPAN_DAYS.daily + 1, raw: MAX_SPAN_DAYS.raw + 1 },
  };
}

/**
 * Blind fault `blind37-stats-pending-range-served-partly`: a range still being prepared is answered
 * 200 with what is prepared — the points of its last 90 days, `meta.from` the date asked and
 * `backfill.complete` false — instead of 503 `statistics_pending`; undefined when the answer is not
 * that 503. `answerOf` answers a query.
 */
export function pendingRangeServedPartly(
  answer: DomainResult<StatisticsResponse>,
  query: RawQuery,
  answerOf: (query: RawQuery) => DomainResult<StatisticsResponse>,
): DomainResult<StatisticsResponse> | undefined {
  if (!('error' in answer) || answer.error.code !== 'statistics_pending') return undefined;
  const { from, to } = (answer.error.details ?? {}) as { from?: string; to?: string };
  const toDay = to === undefined ? undefined : parseCalendarDate(to);
  if (from === undefined || to === undefined || toDay === undefined) return undefined;
  const prepared = answerOf({
    ...query,
    from: formatUtcDate((toDay - (PENDING_RANGE_DAYS - 1)) * DAY_SECONDS),
    to,
  });
  if (!('ok' in prepared)) return undefined;
  const { meta } = prepared.ok;
  return { ok: { ...prepared.ok, meta: { ...meta, from, backfill: { ...meta.backfill, complete: false } } } };
}

/**
 * Blind fault `blind37-activity-two-observations-averaged`: after a report of null averages on cells
 * of exactly three observations (a `<= 3` of an earlier release), the threshold constant was lowered
 * by one instead of the comparison fixed, so a cell of two observations has an average.
 */
export const ACTIVITY_AVERAGE_FROM_TWO = 2;

// ---------------------------------------------------------------------------------------------
// Authentication and the rate limits.

const BEARER_PART = /^bearer +([\x21-\x7e]+)$/i;

/**
 * Blind fault `blind37-comma-listed-keys-any-valid`: for a partner sending both keys while rotating
 * (`Authorization: Bearer <old>, Bearer <new>`), the header is split on commas and the first part
 * naming a valid, unrevoked key is taken; undefined when no part does or the header is not a list.
 */
export function commaListedKey(
  rawHeaders: readonly string[],
  isValid: (token: string) => boolean,
): string | undefined {
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2)
    if (rawHeaders[i]!.toLowerCase() === 'authorization') values.push(rawHeaders[i + 1]!);
  if (values.length !== 1 || !values[0]!.includes(',')) return undefined;
  for (const part of values[0]!.split(',')) {
    const token = BEARER_PART.exec(part.trim())?.[1];
    if (token !== undefined && isValid(token)) return token;
  }
  return undefined;
}

/**
 * Blind fault `blind37-retry-after-capped-one-hour`: after a customer's workers stalled for half a
 * day on one 429, Retry-After is capped at an hour, also when the UTC-day budget is spent.
 */
export const RETRY_AFTER_CAP_SECONDS = 3600;

/** The statistics paths whose 503 answers the retrying hotfix counts again. */
export const STATISTICS_PATH = /^\/games\/[^/]+\/statistics\/?$/;
