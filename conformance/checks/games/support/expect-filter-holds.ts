/**
 * Requests one page of a filtered query and requires every returned game to satisfy
 * every filter of it (§4 GET /games parameters, rule 2: search and all filters
 * combine with AND). Returns how many games were judged, so a check can tell a
 * vacuous pass (nothing returned) from a real one.
 */
import type { CheckContext } from '../../../src/core/check.ts';
import type { GameSummary } from '../../../src/core/discovery.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';
import { failureOf } from '../../../src/core/expect.ts';
import { filterViolations } from './filter-violations.ts';
import { type GamesFilter, searchTerms, toQueryPairs } from './games-filter.ts';
import { fetchGamesPage } from '../../harness/games-page.ts';
import { lacksTermFailure, missingTerms } from './missing-terms.ts';

/** Detail fetches per case when `q` terms are not in a name or intro. */
const DETAIL_FETCHES_PER_CASE = 3;

/** Fails the check on the first of `games` (returned by `response`) that does not satisfy `filter`. */
export function expectGamesMatch(
  ctx: CheckContext,
  response: ApiResponse,
  games: readonly GameSummary[],
  filter: GamesFilter,
): void {
  const nowMs = response.serverDate ?? ctx.discovery.serverNow();
  for (const game of games) {
    const problems = filterViolations(game, filter, nowMs);
    if (problems.length > 0) {
      ctx.fail(
        failureOf(
          response,
          `Game ${game.id} is returned although it does not match the query's filters`,
          'every returned game matches every filter (§4 GET /games, rule 2)',
          `game ${game.id}: ${problems.join('; ')}`,
        ),
      );
    }
  }
}

export async function expectFilterHolds(ctx: CheckContext, filter: GamesFilter): Promise<number> {
  const { response, body } = await fetchGamesPage(ctx, toQueryPairs(filter));
  expectGamesMatch(ctx, response, body.data, filter);
  const terms = searchTerms(filter.q);
  if (terms.length > 0) {
    const judgement = await missingTerms(ctx, body.data, terms, DETAIL_FETCHES_PER_CASE);
    const failure = lacksTermFailure(response, filter.q ?? '', judgement);
    if (failure !== undefined) ctx.fail(failure);
  }
  return body.data.length;
}
