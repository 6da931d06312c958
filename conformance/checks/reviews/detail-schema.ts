import { defineCheck } from '../../src/core/check.ts';
import type { ReviewSummary } from '../../src/core/discovery.ts';
import { expectThat } from '../../src/core/expect.ts';
import { knownReview } from './arbitraries/known-review.ts';
import { expectReview } from './support/fetch-review.ts';
import { idInPath, observedGets } from '../harness/observed-gets.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';

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
    const judge = (response: ApiResponse, id: number): boolean => {
      const review = expectReview(ctx, response);
      expectThat(
        response,
        review.id === id,
        'The detail is of another review',
        `data.id ${id}`,
        `data.id ${review.id}`,
      );
      return true;
    };
    // Every review detail the run already has, then reviews by id.
    ctx.judgeObserved(observedGets(ctx, /^\/reviews\/\d+$/), (response) =>
      judge(response, idInPath(response)),
    );
    await ctx.property([knownReview(ctx)], async (summary: ReviewSummary) => {
      judge(await ctx.client.get(`/reviews/${summary.id}`), summary.id);
    });
  },
});
