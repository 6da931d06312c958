/**
 * Well-formed GET requests for each operation of the spec, built from what discovery
 * saw (ids, words, tag filters): the inputs of "every response matches the spec".
 * The requests are valid by the description; what the server answers (200, 404 for an
 * id that does not exist, 422 for a combination §4 rule 3 refuses, 503 for statistics)
 * must still be a documented response.
 */
import fc from 'fast-check';
import type { CheckContext } from '../../../src/core/check.ts';
import type { QueryPairs } from '../../../src/core/http-client.ts';
import type { OperationDefinition } from '../../../../spec/src/spec-loader.ts';
import { DAY_MS } from '../../../src/core/dates.ts';
import { concretePath } from '../../../src/core/paths.ts';
import { pathValuesArbitrary } from './path-values.ts';
import type { SampleRequest } from './sample-request.ts';

const SORTS = ['top_voted', 'newest', 'oldest', 'last_updated', 'recently_online', 'most_reviewed'];
const TIME_ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Australia/Adelaide'];

function utcDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** `from`/`to` ending up to 40 days before the server's today and spanning at most `maxSpanDays` days. */
function dateRange(todayMs: number, maxSpanDays: number): fc.Arbitrary<QueryPairs> {
  return fc
    .record({ back: fc.integer({ min: 0, max: 40 }), span: fc.integer({ min: 0, max: maxSpanDays - 1 }) })
    .chain(({ back, span }) => {
      const to = todayMs - back * DAY_MS;
      const pairs: QueryPairs = [
        ['from', utcDate(to - span * DAY_MS)],
        ['to', utcDate(to)],
      ];
      // Also the defaults (§4: a 30-day range ending today).
      return fc.constantFrom<QueryPairs>(pairs, [], [pairs[1] as [string, string]]);
    });
}

const optional = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.option(arbitrary, { nil: undefined, freq: 2 });

function pairsOf(entries: Array<[string, string | number | undefined]>): QueryPairs {
  return entries.filter((entry): entry is [string, string | number] => entry[1] !== undefined);
}

function listGamesQuery(ctx: CheckContext): fc.Arbitrary<QueryPairs> {
  const words = ctx.discovery.words.map((w) => w.word);
  const tagPairs = ctx.discovery.tagFilters.flatMap((filter) =>
    filter.group.values.map((value) => [`${filter.param}[]`, value.id] as [string, number]),
  );
  return fc
    .record({
      q: words.length > 0 ? optional(fc.constantFrom(...words)) : fc.constant(undefined),
      sort: optional(fc.constantFrom(...SORTS)),
      connection_type: optional(fc.constantFrom('all', 'mud_client', 'web_only')),
      page: optional(fc.integer({ min: 1, max: 3 })),
      per_page: optional(fc.integer({ min: 1, max: 50 })),
      has_reviews: optional(fc.constant(1)),
      recently_updated: optional(fc.constant(1)),
      online_recently: optional(fc.constant(1)),
      tags: tagPairs.length > 0 ? fc.subarray(tagPairs, { maxLength: 2 }) : fc.constant([]),
    })
    .map((r) => [
      ...pairsOf([
        ['q', r.q],
        ['sort', r.sort],
        ['connection_type', r.connection_type],
        ['page', r.page],
        ['per_page', r.per_page],
        ['has_reviews', r.has_reviews],
        ['recently_updated', r.recently_updated],
        ['online_recently', r.online_recently],
      ]),
      ...r.tags,
    ]);
}

function listReviewsQuery(ctx: CheckContext): fc.Arbitrary<QueryPairs> {
  const gameIds = [...new Set(ctx.discovery.reviews.map((review) => review.game.id))];
  return fc
    .record({
      game_id: gameIds.length > 0 ? optional(fc.constantFrom(...gameIds)) : fc.constant(undefined),
      page: optional(fc.integer({ min: 1, max: 3 })),
      per_page: optional(fc.integer({ min: 1, max: 50 })),
    })
    .map((r) =>
      pairsOf([
        ['game_id', r.game_id],
        ['page', r.page],
        ['per_page', r.per_page],
      ]),
    );
}

function playersQuery(todayMs: number): fc.Arbitrary<QueryPairs> {
  return fc
    .constantFrom('daily', 'raw', undefined)
    .chain((granularity) =>
      dateRange(todayMs, granularity === 'raw' ? 90 : 365).map((range) => [
        ...(granularity === undefined ? [] : ([['granularity', granularity]] as QueryPairs)),
        ...range,
      ]),
    );
}

/** D6: parameter names are the profile's; the spans stay within every limit §4 names. */
function statisticsQuery(ctx: CheckContext, todayMs: number): fc.Arbitrary<QueryPairs> {
  const { metricParam, resolutionParam } = ctx.profile.statistics;
  const metric = fc.constantFrom('players', 'areas', 'rooms', 'mobiles', 'skills');
  return fc.oneof(
    fc
      .tuple(metric, fc.constantFrom('daily', 'weekly', 'monthly'), dateRange(todayMs, 60))
      .map(
        ([m, resolution, range]) => [[metricParam, m], [resolutionParam, resolution], ...range] as QueryPairs,
      ),
    fc
      .tuple(metric, dateRange(todayMs, 10))
      .map(([m, range]) => [[metricParam, m], [resolutionParam, 'hourly'], ...range] as QueryPairs),
    fc.tuple(metric, fc.integer({ min: 0, max: 20 })).map(([m, back]) => {
      const day = utcDate(todayMs - back * DAY_MS);
      return [
        [metricParam, m],
        [resolutionParam, 'raw'],
        ['from', day],
        ['to', day],
      ] as QueryPairs;
    }),
  );
}

function activityQuery(ctx: CheckContext, todayMs: number): fc.Arbitrary<QueryPairs> {
  return fc
    .tuple(optional(fc.constantFrom(...TIME_ZONES)), dateRange(todayMs, 90))
    .map(([zone, range]) => [
      ...(zone === undefined ? [] : ([[ctx.profile.activityPattern.timezoneParam, zone]] as QueryPairs)),
      ...range,
    ]);
}

function queryArbitrary(ctx: CheckContext, operation: OperationDefinition): fc.Arbitrary<QueryPairs> {
  const todayMs = ctx.discovery.serverNow();
  switch (operation.operationId) {
    case 'listGames':
      return listGamesQuery(ctx);
    case 'listReviews':
      return listReviewsQuery(ctx);
    case 'getGamePlayers':
      return playersQuery(todayMs);
    case 'getGameStatistics':
      return statisticsQuery(ctx, todayMs);
    case 'getGameActivityPattern':
      return activityQuery(ctx, todayMs);
    default:
      return fc.constant([]);
  }
}

export function validRequestArbitrary(
  ctx: CheckContext,
  operation: OperationDefinition,
): fc.Arbitrary<SampleRequest> {
  return fc
    .tuple(pathValuesArbitrary(ctx.discovery), queryArbitrary(ctx, operation))
    .map(([values, query]) => ({
      kind: operation.operationId,
      method: 'GET',
      path: concretePath(operation.path, values),
      query,
      auth: 'primary' as const,
    }));
}
