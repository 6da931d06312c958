import { defineCheck } from '../../src/core/check.ts';
import type { ReviewSummary } from '../../src/core/discovery.ts';
import { expectThat } from '../../src/core/expect.ts';
import { knownReview } from './arbitraries/known-review.ts';
import { fetchReview } from './support/fetch-review.ts';

const SUMMARY_FIELDS = ['id', 'title', 'rating', 'author', 'game', 'dates', 'urls'] as const;

export const detailMatchesSummary = defineCheck({
  id: 'REVIEWS-DETAIL-MATCHES-SUMMARY',
  area: 'reviews',
  source: '§2 review summary ("base of review detail"); review detail ("adds body")',
  level: 'must',
  title: "A review's detail repeats its summary from the list",
  covers: ['S4.REVIEW.OK'],
  comparesAnswers: true,
  async run(ctx) {
    await ctx.property([knownReview(ctx)], async (summary: ReviewSummary) => {
      const { response, review } = await fetchReview(ctx, summary.id);
      for (const field of SUMMARY_FIELDS) {
        const expected = JSON.stringify(summary[field]);
        const received = JSON.stringify(review[field]);
        expectThat(
          response,
          expected === received,
          `Review ${summary.id}: ${field} differs between list and detail`,
          `${field} ${expected} (as in GET /reviews)`,
          `${field} ${received}`,
        );
      }
    });
  },
});
