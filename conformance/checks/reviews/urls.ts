import { defineCheck } from '../../src/core/check.ts';
import type { ReviewSummary } from '../../src/core/discovery.ts';
import { expectSelfLink, expectThat, isAbsoluteUri } from '../../src/core/expect.ts';
import { knownReview } from './arbitraries/known-review.ts';
import { fetchReview } from './support/fetch-review.ts';

export const urls = defineCheck({
  id: 'REVIEWS-URLS',
  area: 'reviews',
  source: '§2 review summary, urls (self, mudverse, game: uri strings)',
  level: 'must',
  title: "A review's urls are absolute and self leads back to the review",
  covers: ['S2.RS.URLS'],
  async run(ctx) {
    await ctx.property([knownReview(ctx)], async (summary: ReviewSummary) => {
      const { response, review } = await fetchReview(ctx, summary.id);
      for (const [key, value] of Object.entries(review.urls)) {
        expectThat(
          response,
          isAbsoluteUri(value),
          `Review ${review.id}: urls.${key} is not an absolute URI`,
          `urls.${key} an absolute URI`,
          `urls.${key} ${JSON.stringify(value)}`,
        );
      }
      await expectSelfLink(ctx, response, review.urls.self, 'reviews', review.id);
    });
  },
});
