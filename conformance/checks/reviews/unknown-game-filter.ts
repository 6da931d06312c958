import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { unknownGameId } from '../harness/arbitraries/unknown-game-id.ts';
import { fetchReviews } from './support/fetch-reviews.ts';

/** A handful of ids is enough: each asks the operation the same question. */
const MAX_RUNS = 5;

/**
 * D42: `game_id` "limits results to one active game", and GET /reviews lists its errors as 401,
 * 405, 429 and 500 — no 404, unlike the operations under /games/{gameId}. So the id of no game
 * is a valid filter that no review matches: 200 with an empty collection, as for an archived
 * game (REVIEWS-ARCHIVED-GAME-FILTER-EMPTY). Catches the game looked up first and a 404
 * answered, and the filter dropped for an id it cannot find (every review listed).
 */
export const unknownGameFilter = defineCheck({
  id: 'REVIEWS-UNKNOWN-GAME-FILTER',
  area: 'reviews',
  source: '§4 GET /reviews (game_id "limits results to one active game"; Errors: 401, 405, 429, 500)',
  level: 'must',
  title: 'game_id of an id no game has gives 200 with an empty collection',
  covers: ['S4.REVIEWS.GAMEID'],
  decisions: ['D42'],
  async run(ctx) {
    await ctx.property(
      [unknownGameId(ctx.discovery)],
      async (id) => {
        const { response, page } = await fetchReviews(ctx, [['game_id', id]]);
        expectThat(
          response,
          page.data.length === 0 && page.meta.total === 0,
          `Reviews are listed for game ${id}, which no listing has`,
          'data [], meta.total 0',
          `${page.data.length} items, meta.total ${page.meta.total}`,
        );
      },
      { numRuns: Math.min(ctx.runs, MAX_RUNS) },
    );
  },
});
