import { defineCheck } from '../../src/core/check.ts';
import { wideIdExamples } from '../harness/arbitraries/unknown-game-id.ts';
import { expectStatus, expectSchema } from '../../src/core/expect.ts';
import { unknownReviewId } from './arbitraries/unknown-review-id.ts';

export const notFound = defineCheck({
  id: 'REVIEWS-NOT-FOUND',
  area: 'reviews',
  source: '§4 GET /reviews/{reviewId} (errors: 404); §7 errors (body shape)',
  level: 'must',
  title: 'A review id no review has answers 404 with the error envelope',
  covers: ['S4.REVIEW.404', 'S7.BODY'],
  decisions: ['D16'],
  async run(ctx) {
    await ctx.property(
      [unknownReviewId(ctx.discovery)],
      async (id) => {
        const response = await ctx.client.get(`/reviews/${id}`);
        expectStatus(response, 404);
        expectSchema(ctx, response, ctx.spec.componentSchema('Error'), response.body, 'Error');
      },
      { examples: wideIdExamples(ctx.discovery.reviews[0]?.id) },
    );
  },
});
