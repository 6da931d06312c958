import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import type { ReviewSummary } from '../../src/core/discovery.ts';
import { expectThat } from '../../src/core/expect.ts';
import { knownReview } from './arbitraries/known-review.ts';
import { fetchReview } from './support/fetch-review.ts';
import { fetchAllReviews } from './support/fetch-all-reviews.ts';
import { longestTexts } from './support/longest-texts.ts';

const SUMMARY_FIELDS = ['id', 'title', 'rating', 'author', 'game', 'dates', 'urls'] as const;
/**
 * The review's summary as GET /reviews lists it now among its game's reviews: on a recheck, where
 * discovery's summary may be from before an edit (a live directory's reviews are edited while the
 * suite reads them). Undefined when the review is no longer listed there.
 */
async function listedNow(ctx: CheckContext, known: ReviewSummary): Promise<ReviewSummary | undefined> {
  const { reviews } = await fetchAllReviews(ctx, [['game_id', known.game.id]]);
  return reviews.find((review) => review.id === known.id);
}

export const detailMatchesSummary = defineCheck({
  id: 'REVIEWS-DETAIL-MATCHES-SUMMARY',
  area: 'reviews',
  source: '§2 review summary ("base of review detail"); review detail ("adds body")',
  level: 'must',
  title: "A review's detail repeats its summary from the list",
  covers: ['S4.REVIEW.OK'],
  comparesAnswers: true,
  async run(ctx) {
    await ctx.property(
      [knownReview(ctx)],
      async (known: ReviewSummary) => {
        // A disagreement is judged again on fresh answers: the summary then comes from the list anew.
        const now = ctx.rechecking ? await listedNow(ctx, known) : known;
        const { response, review } = await fetchReview(ctx, known.id);
        // No longer listed because its game was archived since (§4 GET /reviews): nothing to repeat.
        // Unlisted with its game active, it is judged against the summary discovery read.
        if (now === undefined && review.game.archived) return true;
        const summary = now ?? known;
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
        return true;
      },
      { examples: longestTexts(ctx).map((review) => [review]) },
    );
  },
});
