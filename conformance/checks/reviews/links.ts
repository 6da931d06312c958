import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { lastPage } from '../harness/last-page.ts';
import { WRAPPING_PAGE, WRAPPING_PER_PAGE } from '../harness/wrapping-page.ts';
import { collectionLinksFailure, judgeObservedLinks } from '../harness/collection-links.ts';
import { observedGets } from '../harness/observed-gets.ts';
import { reviewedGameId } from './arbitraries/reviewed-game-id.ts';
import { fetchReviews } from './support/fetch-reviews.ts';

/** Which page of 1..last+1 to ask for: the edges often, any page sometimes. */
const pagePick: fc.Arbitrary<'last' | 'after-last' | 'middle' | 'wrapping' | number> = fc.oneof(
  fc.constant('last' as const),
  fc.constant('after-last' as const),
  fc.constant('middle' as const),
  fc.nat(),
);

/**
 * The review collection's links follow the rules of every collection (§1 rule 5, §2
 * PaginationLinks): `self`, `next` and `previous` are absolute URIs of /reviews that keep the
 * request's parameters (`game_id`, `per_page`; D40: order and encoding free) with their own
 * page, `next` is present exactly when a later page exists and `previous` exactly when the
 * page before does (D39). Judged first on every page of GET /reviews the run has
 * (collection-links.ts says which requests are judged), then on pages of its own: page 1 for
 * the total, then the last page, the one after it, or one in the middle (and, as the third named
 * case, a page far beyond the last whose offset wraps to 0 in 32 bits).
 */
export const links = defineCheck({
  id: 'REVIEWS-LINKS',
  area: 'reviews',
  source:
    '§1 rule 5 ("next or previous is present only when such a page exists"); §2 shared types, PaginationLinks ("absolute URIs that preserve the query parameters of the request and include page"); §4 GET /reviews',
  level: 'must',
  title: "The review collection's links are absolute, keep the query and exist exactly when their pages do",
  covers: ['S2.LINKS-ABS', 'S2.PAGELINKS', 'S1.5-NEXTPREV'],
  decisions: ['D39', 'D40'],
  async run(ctx) {
    judgeObservedLinks(ctx, 'listReviews', { query: true, presence: true }, observedGets(ctx, /^\/reviews$/));
    const reviewed = ctx.discovery.reviews.find((review) => !review.game.archived)?.game.id;
    await ctx.property(
      [fc.option(reviewedGameId(ctx), { freq: 2 }), fc.integer({ min: 1, max: 50 }), pagePick],
      async (gameId, perPage, pick) => {
        const query: Array<[string, number]> = [
          ...(gameId === null ? [] : [['game_id', gameId] as [string, number]]),
          ['per_page', perPage],
        ];
        const first = await fetchReviews(ctx, query);
        const last = lastPage(first.page.meta.total, perPage);
        const page =
          pick === 'last'
            ? last
            : pick === 'after-last'
              ? last + 1
              : pick === 'middle'
                ? Math.max(1, Math.ceil(last / 2))
                : pick === 'wrapping'
                  ? WRAPPING_PAGE
                  : 1 + (pick % (last + 1));
        const pages = page === 1 ? [first] : [first, await fetchReviews(ctx, [...query, ['page', page]])];
        for (const { response } of pages) {
          const { judged, failure } = collectionLinksFailure(ctx, 'listReviews', response, {
            query: true,
            presence: true,
          });
          if (failure !== undefined) ctx.fail(failure);
          if (!judged) {
            ctx.log(
              `page ${response.url} not judged: the server served another page or page size than asked`,
            );
          }
        }
      },
      // A middle page of the whole collection at 5 a page (self, next and previous all there),
      // then the page after the last of one game's reviews, one a page, then a page whose
      // offset wraps to 0 in 32 bits (wrapping-page.ts).
      {
        examples: [
          [null, 5, 'middle'],
          ...(reviewed === undefined ? [] : [[reviewed, 1, 'after-last'] as [number, number, 'after-last']]),
          [null, WRAPPING_PER_PAGE, 'wrapping'],
        ],
      },
    );
  },
});
