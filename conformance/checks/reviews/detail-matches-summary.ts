import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import type { ReviewSummary } from '../../src/core/discovery.ts';
import { expectThat } from '../../src/core/expect.ts';
import { knownReview } from './arbitraries/known-review.ts';
import { fetchReview } from './support/fetch-review.ts';
import { fetchReviews } from './support/fetch-reviews.ts';

const SUMMARY_FIELDS = ['id', 'title', 'rating', 'author', 'game', 'dates', 'urls'] as const;
/** Pages of its game's reviews read for a review's summary afresh (50 each). */
const FRESH_PAGES = 4;

/**
 * The review's summary as GET /reviews lists it now, among its game's reviews: on a recheck, where
 * discovery's summary may be from before an edit (a live directory's reviews are edited while the
 * suite reads them). Undefined when the review is no longer listed there (its game archived since).
 */
async function listedNow(ctx: CheckContext, known: ReviewSummary): Promise<ReviewSummary | undefined> {
  for (let page = 1; page <= FRESH_PAGES; page += 1) {
    const { page: listed } = await fetchReviews(ctx, [
      ['game_id', known.game.id],
      ['per_page', 50],
      ['page', page],
    ]);
    const found = listed.data.find((review) => review.id === known.id);
    if (found !== undefined) return found as ReviewSummary;
    if (listed.links.next === undefined) return undefined;
  }
  return undefined;
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
    await ctx.property([knownReview(ctx)], async (known: ReviewSummary) => {
      // A disagreement is judged again on fresh answers: the summary then comes from the list anew.
      const summary = ctx.rechecking ? await listedNow(ctx, known) : known;
      if (summary === undefined) return true; // no longer listed: nothing to compare it with
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
      return true;
    });
  },
});
