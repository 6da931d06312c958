import type { CheckContext } from '../../../src/core/check.ts';
import type { ReviewDetail } from '../../../src/core/discovery.ts';
import { expectStatus, dataOf, expectSchema } from '../../../src/core/expect.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';

/** GET /reviews/{id}: 200 with a valid review detail, or the check fails. */
export async function fetchReview(
  ctx: CheckContext,
  id: number,
): Promise<{ response: ApiResponse; review: ReviewDetail }> {
  const response = await ctx.client.get(`/reviews/${id}`);
  return { response, review: expectReview(ctx, response) };
}

/** An answer to GET /reviews/{id} is a 200 with a valid review detail, or the check fails. */
export function expectReview(ctx: CheckContext, response: ApiResponse): ReviewDetail {
  expectStatus(response, 200);
  expectSchema(ctx, response, ctx.spec.componentSchema('ReviewDetail'), dataOf(response), 'ReviewDetail');
  return dataOf<ReviewDetail>(response);
}
