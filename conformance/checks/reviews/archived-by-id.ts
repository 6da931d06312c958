import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchReview } from './support/fetch-review.ts';

export const archivedById = defineCheck({
  id: 'REVIEWS-ARCHIVED-BY-ID',
  area: 'reviews',
  source: '§4 GET /reviews/{reviewId} ("Available by direct ID even when the game is archived")',
  level: 'must',
  title: "An archived game's review is reachable by id with game.archived true",
  covers: ['S4.REVIEW.ARCHIVED'],
  async run(ctx) {
    const id = ctx.discovery.archivedGameReviewId;
    if (id === undefined) return ctx.skip('no review of an archived game is known');
    const { response, review } = await fetchReview(ctx, id);
    expectThat(
      response,
      review.game.archived === true,
      `Review ${id} of an archived game does not report it`,
      'game.archived true',
      `game.archived ${JSON.stringify(review.game.archived)}`,
    );
  },
});
