/**
 * Blind fault set 36 (set-36.ts): what each mistake a code assistant makes from the description
 * computes — plain functions, each called only behind its fault's guard (operations.ts, app.ts's
 * helpers in respond.ts, middleware/rate-limit.ts), so with no fault on nothing here runs. Every
 * mistake is what an assistant (or a developer pasting from one) writes when it implements the API
 * from its description alone: a name normalised, one sentence of a rule kept and its second half
 * missed, a field left out of the search, a JavaScript idiom (`undefined` dropped by JSON, `new URL`
 * normalising, `toISOString`, `String(new Date(…))`), an ORM's default order or scope, a framework's
 * status or code, a "helpful" clamp, a missing ordering check, a LEFT JOIN row, a relation's name.
 * No state is kept.
 */
import { CATEGORY_KEYS, METRICS, type GameRecord, type Metric } from '../../../fixtures/src/model.ts';
import type { ActivityPatternResponse } from '../domain/activity-pattern.ts';
import type { DomainResult, RawQuery } from '../domain/domain-result.ts';
import type { GamePage } from '../domain/game-index.ts';
import { tagParameters, type GameQuery } from '../domain/game-query.ts';
import type { MsspResponse } from '../domain/mssp.ts';
import type { PlayerHistoryResponse } from '../domain/player-history.ts';
import type { GameDetail, GameSummary } from '../domain/representation.ts';
import type { ReviewPage, ReviewQuery } from '../domain/review-query.ts';
import type { StatisticsResponse } from '../domain/statistics.ts';
import type { Search } from '../deviations/whole-result.ts';

// ---------------------------------------------------------------------------------------------
// GET /games.

/**
 * Blind fault `blind36-recently-online-sort-spelled-like-flag`: the assistant's sort enum spells the
 * sort `online_recently`, the name of the flag two rows below it in the table, so `sort=recently_online`
 * is an unknown value that falls back to `last_updated` and `sort=online_recently` is the order by last
 * successful connect. The combination rule, written from rule 3's words, still reads `recently_online`
 * (the query is refused before this runs).
 */
export function sortSpelledLikeFlag(query: GameQuery, raw: RawQuery): void {
  if (raw.sort === 'recently_online') query.sort = 'last_updated';
  else if (raw.sort === 'online_recently') query.sort = 'recently_online';
}

/**
 * Blind fault `blind36-bare-tag-parameter-ignored`: the tag filters are read with
 * `searchParams.getAll('<category>_tag_id[]')` only (the repeated form of rule 1's first sentence),
 * so a tag id sent without the brackets is not read and filters nothing.
 */
export function bareTagParametersUnread(raw: RawQuery): RawQuery {
  const kept: RawQuery = { ...raw };
  for (const category of CATEGORY_KEYS) delete kept[tagParameters(category)[1]];
  return kept;
}

/**
 * Blind fault `blind36-q-skips-full-description`: the search is written over the fields a game
 * summary has at hand (`name`, `intro`), so a term found only in the full description matches
 * nothing; undefined without terms.
 */
export function searchWithoutDescription(search: Search, query: GameQuery): GamePage | undefined {
  if (query.terms.length === 0) return undefined;
  const every = search({ ...query, terms: [], page: 1, perPage: Number.MAX_SAFE_INTEGER }).games;
  const matching = every.filter((game) => {
    const text = `${game.name}\n${game.intro}`.toLowerCase();
    return query.terms.every((term) => text.includes(term));
  });
  const first = (query.page - 1) * query.perPage;
  return { total: matching.length, games: matching.slice(first, first + query.perPage) };
}

// ---------------------------------------------------------------------------------------------
// A game's representation (the list's items and the detail).

/** Which of set 36's game-field mistakes are on. */
export interface GameFieldMistakes {
  averageRatingUndefined: boolean;
  playUrlNormalised: boolean;
  archiveReasonScreaming: boolean;
}

/**
 * Blind faults of set 36 on a game's fields: `reviews.average_rating` computed as
 * `ratings.length ? sum / ratings.length : undefined` (so JSON leaves the key out when no review is
 * rated); a web-only game's `urls.play` passed through `new URL(website).href` (which adds a `/` to
 * a bare origin); `status.archive_reason` written from a TypeScript enum whose values are the
 * members' SCREAMING_SNAKE names.
 */
export function assistantGameFields(
  item: GameSummary | GameDetail,
  game: GameRecord,
  mistakes: GameFieldMistakes,
): void {
  if (mistakes.averageRatingUndefined && item.reviews.average_rating === null)
    delete (item.reviews as { average_rating?: number | null }).average_rating;
  if (mistakes.playUrlNormalised && game.webOnly && game.archiveReason === null && game.website !== null) {
    try {
      item.urls.play = new URL(game.website).href;
    } catch {
      // not a URL: left as it is
    }
  }
  if (mistakes.archiveReasonScreaming && item.status.archive_reason !== null)
    (item.status as { archive_reason: string | null }).archive_reason =
      item.status.archive_reason.toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// Reviews.

/**
 * Blind fault `blind36-reviews-oldest-first`: the list is read with the ORM's `orderBy: { submitted:
 * 'asc' }` (its default direction, "newest first" not carried into the call), so the oldest review
 * comes first and the pages run forwards in time.
 */
export function reviewsOldestFirst(list: (query: ReviewQuery) => ReviewPage, query: ReviewQuery): ReviewPage {
  const every = list({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER });
  const first = (query.page - 1) * query.perPage;
  return { total: every.total, reviews: [...every.reviews].reverse().slice(first, first + query.perPage) };
}

// ---------------------------------------------------------------------------------------------
// Player history.

/**
 * Blind fault `blind36-player-times-iso-milliseconds`: the samples' times are written with
 * `new Date(t * 1000).toISOString()`, so each `recorded_at` carries milliseconds
 * (`2026-11-21T00:00:00.000Z`), in both granularities.
 */
export function playerTimesWithMilliseconds(
  result: DomainResult<PlayerHistoryResponse>,
): DomainResult<PlayerHistoryResponse> {
  if (!('ok' in result)) return result;
  const data = result.ok.data.map((sample) => ({
    ...sample,
    recorded_at: new Date(Date.parse(sample.recorded_at)).toISOString(),
  }));
  return { ok: { ...result.ok, data } };
}

// ---------------------------------------------------------------------------------------------
// Statistics and the activity pattern.

/**
 * Blind fault `blind36-stats-unknown-metric-400`: the metric is declared as an enum in the route's
 * schema, and the framework's schema validation answers a value outside it with its own 400 (the
 * error handler maps a 400 to `bad_request`); undefined when the metric is absent or listed.
 */
export function unknownMetricBadRequest(
  query: RawQuery,
): { code: string; message: string; details: unknown } | undefined {
  const metric = query.metric;
  if (typeof metric !== 'string' || METRICS.includes(metric as Metric)) return undefined;
  return {
    code: 'bad_request',
    message: 'querystring/metric must be equal to one of the allowed values',
    details: { parameter: 'metric', allowed: [...METRICS] },
  };
}

/**
 * Blind fault `blind36-stats-points-truncated-1000`: "at most 1,000 points" is enforced by a
 * "helpful" `points.slice(0, 1000)` instead of a refusal, so a range needing more points is answered
 * 200 with its first thousand (the later part of the range left out).
 */
export function pointsTruncated(
  uncapped: DomainResult<StatisticsResponse>,
  maxPoints: number,
): DomainResult<StatisticsResponse> {
  if (!('ok' in uncapped) || uncapped.ok.data.length <= maxPoints) return uncapped;
  return { ok: { ...uncapped.ok, data: uncapped.ok.data.slice(0, maxPoints) } };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Blind fault `blind36-activity-reversed-range-answered`: the range is checked only as
 * `days = (to − from) / 1 day + 1 > 90`, which a reversed range passes (its days are negative), and
 * the loop over its samples finds none, so a `from` after `to` is answered 200 with 168 empty cells;
 * undefined when the range is not two valid dates in reverse order. `answerOf` answers a query.
 */
export function reversedActivityRange(
  query: RawQuery,
  answerOf: (query: RawQuery) => DomainResult<ActivityPatternResponse>,
): DomainResult<ActivityPatternResponse> | undefined {
  const { from, to } = query;
  if (typeof from !== 'string' || typeof to !== 'string') return undefined;
  if (!DATE.test(from) || !DATE.test(to) || from <= to) return undefined;
  if (Number.isNaN(Date.parse(`${from}T00:00:00Z`)) || Number.isNaN(Date.parse(`${to}T00:00:00Z`)))
    return undefined;
  const oneDay = answerOf({ ...query, from: to, to });
  if (!('ok' in oneDay)) return undefined;
  return {
    ok: {
      ...oneDay.ok,
      data: oneDay.ok.data.map((cell) => ({ ...cell, count: 0, average: null })),
      meta: { ...oneDay.ok.meta, from, to },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// MSSP.

/**
 * Blind fault `blind36-mssp-missing-snapshot-object-of-nulls`: the snapshot is read with a LEFT JOIN
 * and `data` is built from the row's columns unconditionally, so a game without a snapshot has
 * `data: {collected_at: null, values: null}` (its `meta.status` `mssp_not_available` right) instead of
 * `data` null.
 */
export function missingSnapshotObjectOfNulls(result: DomainResult<MsspResponse>): DomainResult<unknown> {
  if (!('ok' in result) || result.ok.data !== null) return result;
  return { ok: { ...result.ok, data: { collected_at: null, values: null } } };
}

// ---------------------------------------------------------------------------------------------
// GET /tags.

/**
 * Blind fault `blind36-tags-group-values-key-tags`: each group is serialised with the ORM relation's
 * name (`group.tags`), so its values come under `tags` instead of `values`.
 */
export function groupValuesUnderTags<T extends { data: ReadonlyArray<{ values: unknown }> }>(list: T): T {
  return {
    ...list,
    data: list.data.map(({ values, ...group }) => ({ ...group, tags: values })),
  } as unknown as T;
}
