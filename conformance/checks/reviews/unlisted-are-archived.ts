import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import { spreadOrder } from '../harness/spread-order.ts';
import { unlistedIds } from '../harness/unlisted-ids.ts';
import { judgeUnlistedAnswer } from '../harness/unlisted-answer.ts';
import { fetchAllReviews } from './support/fetch-all-reviews.ts';

/**
 * §4 GET /reviews: "Archived games' reviews are excluded from this collection", and GET
 * /reviews/{reviewId} is "available by direct ID even when the game is archived". So a review
 * missing from the whole collection that still answers by id must be a review of an archived
 * game: a server that drops the reviews of some active games (a state, a kind of game) from the
 * collection, data and total alike, fails here. The ids missing between the collection's
 * smallest and largest are looked up as many as the run's budget allows, spread over the range
 * (one for a minimal verdict, the archived review discovery found or was given first). The walk is the run's (REVIEWS-ARCHIVED-EXCLUDED reads the same
 * pages); a failure is judged again on a fresh walk (D65: a game archived or restored meanwhile).
 */
export const reviewsUnlistedAreArchived = defineCheck({
  id: 'REVIEWS-UNLISTED-ARE-ARCHIVED',
  area: 'reviews',
  source:
    '§4 GET /reviews ("Archived games\' reviews are excluded from this collection"); §4 GET /reviews/{reviewId} ("available by direct ID even when the game is archived")',
  level: 'must',
  title: 'A review missing from the whole collection is a review of an archived game',
  covers: ['S4.REVIEWS.ARCHIVED', 'S4.REVIEW.OK'],
  comparesAnswers: true,
  async run(ctx) {
    const walk = await fetchAllReviews(ctx, []);
    if (!walk.complete || walk.reviews.length < walk.total) {
      return ctx.skip(
        `the walk read ${walk.reviews.length} of ${walk.total} reviews: only a complete collection tells a missing review`,
      );
    }
    const listed = new Set(walk.reviews.map((review) => review.id));
    const { gaps, edges } = unlistedIds(listed);
    let archived = 0;
    // First the archived game's review discovery knows (a hint, or found among these gaps): its
    // detail is the run's already, so a minimal verdict costs nothing on a conforming server.
    const known = ctx.discovery.archivedGameReviewId;
    // Then the edges, before the gaps (a handful of ids): ids below the smallest listed, a few
    // past the largest (the newest reviews, which a collection read from a store that lags
    // behind the writes leaves out), or the first ids of a collection that lists none (an empty
    // collection beside reviews answering by id).
    const order = [...edges.filter((id) => id !== known), ...spreadOrder(gaps.filter((id) => id !== known))];
    if (known !== undefined && (gaps.includes(known) || edges.includes(known))) order.unshift(known);
    await ctx.sweep(order, async (id) => {
      // On a recheck the collection is walked afresh: is the review listed now?
      if (ctx.rechecking && (await fetchAllReviews(ctx, [])).reviews.some((review) => review.id === id))
        return;
      const response = await ctx.client.get(`/reviews/${id}`);
      // Never existed, or deleted: 404 (its code is not shown); any other status fails.
      if (!judgeUnlistedAnswer(response, `GET /reviews/${id}`)) return;
      const game = (response.body as { data?: { game?: { id?: unknown; archived?: unknown } } } | undefined)
        ?.data?.game;
      if (game?.archived === true) {
        archived += 1;
        return;
      }
      failWith(
        response,
        `Review ${id} of an active game is missing from GET /reviews (data and meta.total)`,
        "every review of an active game in the collection; only archived games' reviews are left out (§4)",
        `GET /reviews/${id}: game ${JSON.stringify(game)}, absent from all ${walk.total} listed reviews`,
      );
    });
    ctx.log(`${archived} unlisted reviews answered by id, all of archived games`);
  },
});
