import { defineCheck } from '../../src/core/check.ts';
import { expectThat, failureOf } from '../../src/core/expect.ts';
import { observedGets } from '../harness/observed-gets.ts';
import { fetchAllReviews } from './support/fetch-all-reviews.ts';

export const archivedExcluded = defineCheck({
  id: 'REVIEWS-ARCHIVED-EXCLUDED',
  area: 'reviews',
  source: '§4 GET /reviews ("Archived games\' reviews are excluded from this collection")',
  level: 'must',
  title: 'No review of an archived game is in the collection',
  covers: ['S4.REVIEWS.ARCHIVED'],
  // The walk's pages and the first page's total are read at different times (the first page
  // often from the run's cache): a review posted meanwhile is no miscount (D65, judged afresh).
  comparesAnswers: true,
  async run(ctx) {
    // A walk of the whole collection, not a sample: one archived review anywhere breaks the rule …
    await ctx.sweep(['the whole collection'], async () => {
      const { first, reviews, total } = await fetchAllReviews(ctx, []);
      const archivedId = ctx.discovery.archivedGameId;
      for (const review of reviews) {
        expectThat(
          first,
          review.game.archived === false && review.game.id !== archivedId,
          `Review ${review.id} of archived game ${review.game.id} is listed`,
          'only reviews of active games',
          `review ${review.id} with game ${JSON.stringify(review.game)}`,
        );
      }
      expectThat(
        first,
        reviews.length === total,
        'meta.total does not count the listed reviews',
        `${reviews.length} reviews listed across the pages`,
        `meta.total ${total}`,
      );
    });
    // … and every page of GET /reviews the run has, whatever it asked (game_id, paging).
    const knownArchived = ctx.discovery.archivedGameId ?? ctx.hints.archivedGameId;
    ctx.judgeObserved(observedGets(ctx, /^\/reviews$/), (response) => {
      const data = (response.body as { data?: unknown } | undefined)?.data;
      if (!Array.isArray(data)) return false;
      for (const review of data as Array<{ id?: unknown; game?: { id?: unknown; archived?: unknown } }>) {
        const game = review?.game;
        if (typeof game !== 'object' || game === null) continue;
        if (game.archived === true || (knownArchived !== undefined && game.id === knownArchived)) {
          ctx.fail(
            failureOf(
              response,
              `Review ${String(review.id)} of archived game ${String(game.id)} is listed`,
              'only reviews of active games',
              `review ${String(review.id)} with game ${JSON.stringify(game)}`,
            ),
          );
        }
      }
      return data.length > 0;
    });
  },
});
