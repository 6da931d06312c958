import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { QueryPairs } from '../../src/core/http-client.ts';
import { expectThat } from '../../src/core/expect.ts';
import { paging, type Paging } from './arbitraries/paging.ts';
import { expectReviewsPage, fetchReviews } from './support/fetch-reviews.ts';
import { pagingEchoFailure } from '../harness/collection-links.ts';
import { observedGets } from '../harness/observed-gets.ts';

export const collectionSchema = defineCheck({
  id: 'REVIEWS-COLLECTION-SCHEMA',
  area: 'reviews',
  source: '§4 GET /reviews (parameters page, per_page); §2 review summary; §1 rule 5',
  level: 'must',
  title: 'A reviews page is a collection of review summaries paged as requested',
  covers: [
    'S4.REVIEWS.PAGE',
    'S4.REVIEWS.PERPAGE',
    'S2.RS.ID',
    'S2.RS.TITLE',
    'S2.RS.RATING',
    'S2.RS.AUTHOR',
    'S2.RS.GAME',
    'S2.RS.DATES',
    'S2.RS.URLS',
    'S1.5-ENVELOPE',
    'S2.PAGEMETA',
  ],
  async run(ctx) {
    const total = ctx.discovery.totalReviews;
    // A third of the cases send no paging: page 1 of 20 by default.
    const request = fc.option(paging(total), { freq: 3 });
    // Every page of GET /reviews the run already has (their schema and size), then paging of its own.
    ctx.judgeObserved(observedGets(ctx, /^\/reviews$/), (response) => {
      expectReviewsPage(ctx, response);
      // And paged as asked, whoever asked (a canonical request: every parameter valid, once).
      const failure = pagingEchoFailure(ctx, 'listReviews', response);
      if (failure !== undefined) ctx.fail(failure);
      return true;
    });
    await ctx.property([request], async (asked: Paging | null) => {
      const query: QueryPairs =
        asked === null
          ? []
          : [
              ['page', asked.page],
              ['per_page', asked.perPage],
            ];
      const { response, page } = await fetchReviews(ctx, query);
      const wanted = asked ?? { page: 1, perPage: 20 };
      const { meta } = page;
      expectThat(
        response,
        meta.page === wanted.page && meta.per_page === wanted.perPage,
        'meta does not report the requested page',
        `page ${wanted.page}, per_page ${wanted.perPage}${asked === null ? ' (defaults)' : ''}`,
        `page ${meta.page}, per_page ${meta.per_page}`,
      );
      // The page's size for its total is asserted by fetchReviews on every page read.
    });
  },
});
