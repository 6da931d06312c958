import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { observedGets } from '../harness/observed-gets.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';

/** Fails on the first game whose average exists without ratings or is missing with them; returns how many were judged. */
function judgeFigures(
  response: ApiResponse,
  games: ReadonlyArray<{
    id?: unknown;
    reviews?: { rating_count?: unknown; average_rating?: unknown };
  } | null>,
): number {
  let seen = 0;
  for (const game of games) {
    if (typeof game !== 'object' || game === null) continue;
    const { id, reviews } = game;
    if (typeof reviews?.rating_count !== 'number') continue;
    seen += 1;
    const { rating_count: rated, average_rating: average } = reviews;
    expectThat(
      response,
      (average === null) === (rated === 0),
      `Game ${String(id)}: reviews.average_rating is ${average === null ? 'null with ratings' : 'set without ratings'}`,
      rated === 0 ? 'average_rating null (rating_count 0)' : `a number (rating_count ${rated})`,
      `average_rating ${JSON.stringify(average)}`,
    );
  }
  return seen;
}

/**
 * What a game's `reviews` figures say of each other under every reading of D41 (which
 * reviews they count stays REVIEWS-COUNTS-MATCH-GAMES's): the average exists exactly when some
 * rating does, and a field with no value is null (§1 rule 4), never 0. Not asserted:
 * `rating_count` ≤ `count` — a directory may take ratings without a written review, as many
 * do, so more ratings than reviews is a reading the description does not exclude. Types and
 * bounds are the schema's (GAMES-ENVELOPE-SCHEMA). On its own pages, then on every page of games
 * and every game the run has.
 */
export const reviewFiguresConsistent = defineCheck({
  id: 'GAMES-REVIEW-FIGURES-CONSISTENT',
  area: 'games',
  source:
    '§2 game summary, reviews (count, average_rating number or null, rating_count); §2 review summary, rating; §1 rule 4',
  level: 'must',
  title: "A game's average_rating is null exactly when its rating_count is 0",
  covers: ['S2.GS.REVIEWS', 'S1.4-NULL'],
  comparesAnswers: true,
  decisions: ['D41'],
  async run(ctx) {
    let seen = 0;
    await ctx.property(
      [filterQuery(ctx.discovery)],
      async (filter) => {
        const { response, body } = await fetchGamesPage(ctx, toQueryPairs(filter));
        seen += judgeFigures(response, body.data);
      },
      // The whole directory's first page first: a generated filter may match nothing.
      { examples: [[{}]] },
    );
    // Then every page of games and every game the run has, whichever check asked it.
    ctx.judgeObserved(observedGets(ctx, /^\/games(\/\d+)?$/), (response) => {
      const data = (response.body as { data?: unknown } | undefined)?.data;
      const games = Array.isArray(data) ? data : typeof data === 'object' && data !== null ? [data] : [];
      const judged = judgeFigures(response, games as Parameters<typeof judgeFigures>[1]);
      seen += judged;
      return judged > 0;
    });
    if (seen === 0) ctx.skip('GET /games listed no game');
  },
});
