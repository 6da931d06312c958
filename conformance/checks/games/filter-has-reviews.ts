import { defineCheck } from '../../src/core/check.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { expectFilterHolds } from './support/expect-filter-holds.ts';

/** `has_reviews=1` returns only games whose summary counts at least one review. */
export const filterHasReviews = defineCheck({
  id: 'GAMES-FILTER-HAS-REVIEWS',
  area: 'games',
  source: '§4 GET /games parameters, has_reviews ("1 requires at least one review")',
  level: 'must',
  title: 'has_reviews=1 keeps only reviewed games',
  covers: ['S4.GAMES.HASREVIEWS'],
  comparesAnswers: true,
  async run(ctx) {
    let judged = 0;
    const arbitrary = filterQuery(ctx.discovery).map((filter) => ({ ...filter, hasReviews: true }));
    // The flag alone first: the likeliest query to return a game.
    await ctx.property(
      [arbitrary],
      async (filter) => {
        judged += await expectFilterHolds(ctx, filter);
      },
      { examples: [[{ hasReviews: true, perPage: 50 }]] },
    );
    if (judged === 0) return ctx.skip('has_reviews=1 never returned a game under the generated queries');
  },
});
