/**
 * Blind fault set 35 (set-35.ts): what each mistake copied from a neighbour computes — plain
 * functions, each called only behind its fault's guard (operations.ts, middleware/), so with no fault
 * on nothing here runs. Every mistake is code copied from a sibling — another parameter's validator,
 * another combination rule, another sort's comparator, the link on the row above, the summary's
 * field, the other collection's parser, the submission date's serializer, the daily values' stamp,
 * another error's construction, another resolution's limit, the count's default, another tag group's
 * query, the status block's line, the 404's code, the reset's value — with ONE detail not adapted, so
 * the copy behaves like its neighbour where the description says this member behaves otherwise. No
 * state is kept.
 */
import type { GameRecord, Taxonomy } from '../../../fixtures/src/model.ts';
import { DAY_SECONDS, parseDateRange } from '../domain/date-range.ts';
import { domainError, type DomainError, type DomainResult, type RawQuery } from '../domain/domain-result.ts';
import type { GamePage } from '../domain/game-index.ts';
import {
  MAX_PER_PAGE,
  parseGameQuery,
  WEB_ONLY_NOT_ONLINE_RECENTLY,
  WEB_ONLY_NOT_RECENTLY_ONLINE,
  type GameQuery,
  type GameQueryRules,
} from '../domain/game-query.ts';
import type { MsspResponse } from '../domain/mssp.ts';
import type { PlayerHistoryResponse } from '../domain/player-history.ts';
import type { GameDetail, ReviewSummary } from '../domain/representation.ts';
import { gameStatistics, type StatisticsResponse } from '../domain/statistics.ts';
import { parsePositiveInteger } from '../domain/strict-integer.ts';
import { formatUtcTimestamp } from '../domain/utc-format.ts';
import type { Search } from '../deviations/whole-result.ts';

// ---------------------------------------------------------------------------------------------
// GET /games.

/**
 * Blind fault `blind35-games-page-bounded-like-per-page`: `page` is validated by the line copied
 * from `per_page`'s (`positiveInteger(query, 'page', 1, MAX_PER_PAGE)`), its maximum left in, so a
 * page above 50 is refused 422 `invalid_filter` however many pages the query has; undefined when
 * `page` is absent, not an integer, or at most 50 (the faultless parser answers those).
 */
export function pageBoundedLikePerPage(raw: RawQuery): { error: DomainError } | undefined {
  const text = raw.page;
  if (typeof text !== 'string') return undefined;
  const page = parsePositiveInteger(text);
  if (page === undefined || page <= MAX_PER_PAGE) return undefined;
  return domainError(
    422,
    'invalid_filter',
    `Parameter 'page' must be an integer from 1 to ${MAX_PER_PAGE}.`,
    {
      parameter: 'page',
      value: text,
    },
  );
}

/**
 * Blind fault `blind35-web-only-sort-check-copied-from-flag`: the rule refusing `web_only` with
 * `sort=recently_online` was written by copying the rule refusing it with `online_recently=1`, and
 * the copy's condition still reads the flag, so the sort combination is never refused (the flag's
 * is refused twice over).
 */
export function sortRuleCopiedFromFlag(rules: GameQueryRules): GameQueryRules {
  return {
    ...rules,
    combinations: rules.combinations.map((rule) =>
      rule === WEB_ONLY_NOT_RECENTLY_ONLINE ? WEB_ONLY_NOT_ONLINE_RECENTLY : rule,
    ),
  };
}

/**
 * Blind fault `blind35-most-reviewed-keyed-on-votes`: the `most_reviewed` comparator was copied from
 * `top_voted`'s (`b.monthlyVotes - a.monthlyVotes || a.id - b.id`) and its key was not changed, so
 * `sort=most_reviewed` lists the games in the order of `top_voted`; undefined for the other sorts.
 */
export function mostReviewedKeyedOnVotes(search: Search, query: GameQuery): GamePage | undefined {
  if (query.sort !== 'most_reviewed') return undefined;
  return search({ ...query, sort: 'top_voted' });
}

// ---------------------------------------------------------------------------------------------
// A game's detail.

/** Which of set 35's detail mistakes are on. */
export interface DetailMistakes {
  playersLinkMssp: boolean;
  descriptionIntro: boolean;
}

/**
 * Blind faults of set 35 on the detail: `urls.players` written by the line copied from `urls.mssp`
 * (`${self}/mssp`, the path not changed), and `description` written by the line copied from
 * `intro` (`description: game.intro`, the key renamed, the value not).
 */
export function copiedDetailFields(detail: GameDetail, game: GameRecord, mistakes: DetailMistakes): void {
  if (mistakes.playersLinkMssp) detail.urls.players = `${detail.urls.self}/mssp`;
  if (mistakes.descriptionIntro) detail.description = game.intro;
}

// ---------------------------------------------------------------------------------------------
// Reviews.

/**
 * Blind fault `blind35-review-game-link-reviews-path`: a review's `urls.game` is written by the
 * line copied from `urls.self` (`${apiBase}/reviews/${id}`), the game's id put in but the path left
 * at `/reviews/`, so it names the review whose id is the game's (or none) instead of the game.
 */
export function gameLinkOnReviewsPath<T extends ReviewSummary>(review: T, apiBase: string): T {
  return { ...review, urls: { ...review.urls, game: `${apiBase}/reviews/${review.game.id}` } };
}

/**
 * Blind fault `blind35-reviews-paging-validated-like-games`: GET /reviews reads `page` and
 * `per_page` with the parser copied from GET /games, which refuses a value out of range (or not an
 * integer) with 422 `invalid_filter`, so `/reviews?per_page=100` or `?page=0` is refused; undefined
 * when both are valid (or absent).
 */
export function reviewPagingValidatedLikeGames(raw: RawQuery): { error: DomainError } | undefined {
  const paging: RawQuery = {};
  if (raw.page !== undefined) paging.page = raw.page;
  if (raw.per_page !== undefined) paging.per_page = raw.per_page;
  const parsed = parseGameQuery(paging);
  return 'error' in parsed ? parsed : undefined;
}

/**
 * Blind fault `blind35-review-edited-null-as-epoch`: `dates.edited` is written by the line copied
 * from `dates.submitted` (`formatUtcTimestamp(review.edited)`), whose null check was not carried
 * over because a review always has a submission date, so a review never edited has `edited`
 * `1970-01-01T00:00:00Z` (null read as 0) instead of null.
 */
export function editedNullAsEpoch<T extends ReviewSummary>(review: T): T {
  if (review.dates.edited !== null) return review;
  return { ...review, dates: { ...review.dates, edited: formatUtcTimestamp(0) } };
}

// ---------------------------------------------------------------------------------------------
// Player history.

/**
 * Blind fault `blind35-raw-recorded-at-day-start`: the raw samples are mapped by the line copied
 * from the daily values' (`recorded_at: formatUtcTimestamp(dayFloor(t))`), the day's floor left in,
 * so every raw sample is stamped at 00:00:00Z of its day instead of when it was recorded.
 */
export function rawStampedAtDayStart(
  result: DomainResult<PlayerHistoryResponse>,
): DomainResult<PlayerHistoryResponse> {
  if (!('ok' in result) || result.ok.meta.granularity !== 'raw') return result;
  const data = result.ok.data.map((sample) => {
    const t = Date.parse(sample.recorded_at) / 1000;
    return {
      ...sample,
      recorded_at: formatUtcTimestamp(t - (((t % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS)),
    };
  });
  return { ok: { ...result.ok, data } };
}

// ---------------------------------------------------------------------------------------------
// Statistics.

/**
 * Blind fault `blind35-stats-unavailable-code-of-pending`: the 503 of an unavailable game is built
 * by copying the construction of the pending one, its message changed and its code not, so it
 * carries `statistics_pending`.
 */
export function unavailableCodeOfPending(result: DomainResult<unknown>): DomainResult<unknown> {
  if (!('error' in result) || result.error.code !== 'statistics_unavailable') return result;
  return { error: { ...result.error, code: 'statistics_pending' } };
}

/**
 * Blind fault `blind35-stats-hourly-span-limit-of-raw`: the `hourly` case of the resolution switch
 * was copied from the `raw` case with its span check (`from` must equal `to`, one UTC day) left in,
 * so an hourly range of more than one day is refused 422 `invalid_statistics_query`; undefined
 * for other resolutions, one-day ranges and refused queries.
 */
export function hourlySpanLimitOfRaw(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<unknown> | undefined {
  const answer = gameStatistics(game, query, nowMs);
  if (!('ok' in answer) || answer.ok.meta.resolution !== 'hourly') return undefined;
  const range = parseDateRange(query, nowMs, { maxDays: Infinity, errorCode: 'invalid_statistics_query' });
  if (!('ok' in range) || range.ok.days === 1) return undefined;
  return domainError(
    422,
    'invalid_statistics_query',
    "Resolution 'hourly' covers one UTC day: 'from' must equal 'to'.",
    { from: range.ok.from, to: range.ok.to, resolution: 'hourly' },
  );
}

/**
 * Blind fault `blind35-stats-empty-bucket-values-zero-like-count`: a point's average, minimum and
 * maximum are read with the default copied from its count's (`acc?.sum ?? 0`), so a bucket without
 * any observation (before the game's crawl began, in a whole outage, a metric the game does not
 * report) has 0 for them instead of null.
 */
export function emptyBucketValuesZero(result: DomainResult<StatisticsResponse>): DomainResult<unknown> {
  if (!('ok' in result)) return result;
  const data = result.ok.data.map((point) =>
    point.count === 0 ? { ...point, average: 0, min: 0, max: 0 } : point,
  );
  return { ok: { ...result.ok, data } };
}

// ---------------------------------------------------------------------------------------------
// MSSP.

/**
 * Blind fault `blind35-mssp-web-only-collected-at-null`: the snapshot's `collected_at` is written by
 * the line copied from the status block's `mssp_collected_at` (`game.webOnly ? null : …`, the
 * summary suppression of §2 rule 2), so the snapshot of a web-only game has `collected_at` null
 * beside its values.
 */
export function webOnlyCollectedAtNull(
  result: DomainResult<MsspResponse>,
  game: GameRecord,
): DomainResult<MsspResponse> {
  if (!('ok' in result) || !game.webOnly || result.ok.data === null) return result;
  return { ok: { ...result.ok, data: { ...result.ok.data, collected_at: null } } };
}

// ---------------------------------------------------------------------------------------------
// GET /tags.

/**
 * Blind fault `blind35-tags-type-group-reads-theme-values`: the groups are read one query per
 * category, and the type group's block was copied from the theme group's with the category key not
 * changed, so the type group lists the theme values (its own ids, which games carry and
 * `type_tag_id[]` filters by, are listed nowhere).
 */
export function typeGroupReadsThemeValues<
  T extends { data: ReadonlyArray<{ id: number | string; values: unknown }> },
>(list: T, taxonomy: Taxonomy): T {
  const typeId = taxonomy.groups.find((group) => group.key === 'type')?.id;
  const themeId = taxonomy.groups.find((group) => group.key === 'theme')?.id;
  const theme = list.data.find((group) => group.id === themeId);
  if (typeId === undefined || theme === undefined) return list;
  return {
    ...list,
    data: list.data.map((group) => (group.id === typeId ? { ...group, values: theme.values } : group)),
  } as T;
}
