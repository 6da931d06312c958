import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import type { ReviewSummary } from '../../src/core/discovery.ts';
import { expectThat } from '../../src/core/expect.ts';
import { knownReview } from './arbitraries/known-review.ts';
import { fetchReview } from './support/fetch-review.ts';
import { fetchAllReviews } from './support/fetch-all-reviews.ts';

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

/**
 * The first cases: the review with the longest title, then one of the game with the longest name
 * (as GET /games names it: a list that cuts the names it repeats makes every long one alike),
 * then the one with the longest author's name (a text cut to a column's length or shortened for
 * display on one of the two answers shows on the longest values only); then the highest id.
 */
function longestTexts(ctx: CheckContext): ReviewSummary[] {
  const reviews = ctx.discovery.reviews;
  const gameNames = new Map(ctx.discovery.games.map((game) => [game.id, game.name]));
  const texts: ((review: ReviewSummary) => unknown)[] = [
    (review) => review.title,
    (review) => gameNames.get(review.game?.id) ?? review.game?.name,
    (review) => review.author?.display_name,
  ];
  const chosen: ReviewSummary[] = [];
  for (const text of texts) {
    let longest: { review: ReviewSummary; length: number } | undefined;
    for (const review of reviews) {
      const value = text(review);
      const length = typeof value === 'string' ? value.length : -1;
      if (length >= 0 && (longest === undefined || length > longest.length)) longest = { review, length };
    }
    if (longest !== undefined && !chosen.includes(longest.review)) chosen.push(longest.review);
  }
  // Then the highest id listed: the end of the id range, where a table sized by the largest id
  // (one slot short) misses the last review.
  const highest = reviews.reduce<ReviewSummary | undefined>(
    (top, review) => (top === undefined || review.id > top.id ? review : top),
    undefined,
  );
  if (highest !== undefined && !chosen.includes(highest)) chosen.push(highest);
  return chosen;
}
