import { defineCheck } from '../../src/core/check.ts';
import { wideIdExamples } from '../harness/arbitraries/unknown-game-id.ts';
import { expectErrorCode } from '../../src/core/expect.ts';
import { unknownReviewId } from './arbitraries/unknown-review-id.ts';

/**
 * D16: only the code is open. The 404 status and the error envelope are stated (§4 GET
 * /reviews/{reviewId} errors, §7 body shape) and asserted at must level by REVIEWS-NOT-FOUND.
 */
export const notFoundCode = defineCheck({
  id: 'REVIEWS-NOT-FOUND-CODE',
  area: 'reviews',
  source: '§7 ("The error code for a review ID that does not exist: not shown")',
  level: 'profile',
  title: "A missing review's 404 carries the profile's error code",
  covers: ['S7.REVIEW404', 'S4.REVIEW.404'],
  decisions: ['D16'],
  async run(ctx) {
    await ctx.property(
      [unknownReviewId(ctx.discovery)],
      async (id) => {
        const response = await ctx.client.get(`/reviews/${id}`);
        expectErrorCode(response, 404, ctx.profile.missingReviewCodes);
      },
      { examples: wideIdExamples(ctx.discovery.reviews[0]?.id) },
    );
  },
});
