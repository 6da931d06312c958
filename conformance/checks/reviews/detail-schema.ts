import { defineCheck } from '../../src/core/check.ts';
import type { ReviewSummary } from '../../src/core/discovery.ts';
import { expectThat } from '../../src/core/expect.ts';
import { knownReview } from './arbitraries/known-review.ts';
import { fetchReview } from './support/fetch-review.ts';

export const detailSchema = defineCheck({
  id: 'REVIEWS-DETAIL-SCHEMA',
  area: 'reviews',
  source: '§4 GET /reviews/{reviewId}; §2 review summary and review detail (body)',
  level: 'must',
  title: 'A review is returned with its Markdown body',
  covers: [
    'S4.REVIEW.OK',
    'S2.RD.BODY',
    'S2.RS.ID',
    'S2.RS.TITLE',
    'S2.RS.RATING',
    'S2.RS.AUTHOR',
    'S2.RS.GAME',
    'S2.RS.DATES',
    'S2.RS.URLS',
  ],
  async run(ctx) {
    await ctx.property([knownReview(ctx)], async (summary: ReviewSummary) => {
      const { response, review } = await fetchReview(ctx, summary.id);
      expectThat(
        response,
        review.id === summary.id,
        'The detail is of another review',
        `data.id ${summary.id}`,
        `data.id ${review.id}`,
      );
    });
  },
});
