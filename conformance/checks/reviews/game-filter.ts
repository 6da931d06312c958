import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { reviewedGameId } from './arbitraries/reviewed-game-id.ts';
import { fetchReviews } from './support/fetch-reviews.ts';

export const gameFilter = defineCheck({
  id: 'REVIEWS-GAME-FILTER',
  area: 'reviews',
  source: '§4 GET /reviews parameters, game_id ("limits results to one active game")',
  level: 'must',
  title: 'game_id limits the reviews to that game',
  covers: ['S4.REVIEWS.GAMEID'],
  comparesAnswers: true,
  async run(ctx) {
    await ctx.property([reviewedGameId(ctx)], async (id) => {
      const { response, page } = await fetchReviews(ctx, [
        ['game_id', id],
        ['per_page', 50],
      ]);
      for (const review of page.data) {
        expectThat(
          response,
          review.game.id === id,
          `game_id=${id} returned a review of game ${review.game.id}`,
          `every item's game.id ${id}`,
          `review ${review.id} with game.id ${review.game.id}`,
        );
      }
      expectThat(
        response,
        page.meta.total <= ctx.discovery.totalReviews,
        'A filtered total exceeds the unfiltered total',
        `meta.total ≤ ${ctx.discovery.totalReviews}`,
        `meta.total ${page.meta.total}`,
      );
    });
  },
});
