import { expectPageSize } from '../../harness/page-size.ts';
import type { components } from '../../../../spec/generated/openapi.d.ts';
import type { CheckContext } from '../../../src/core/check.ts';
import { expectStatus, expectSchema } from '../../../src/core/expect.ts';
import type { ApiResponse, QueryPairs } from '../../../src/core/http-client.ts';

export type ReviewPage = components['schemas']['ReviewCollection'];

/** GET /reviews: 200 with a valid review collection, or the check fails. */
export async function fetchReviews(
  ctx: CheckContext,
  query: QueryPairs,
): Promise<{ response: ApiResponse; page: ReviewPage }> {
  const response = await ctx.client.get('/reviews', { query });
  return { response, page: expectReviewsPage(ctx, response) };
}

/** An answer to GET /reviews is a 200 with a valid review collection, or the check fails. */
export function expectReviewsPage(ctx: CheckContext, response: ApiResponse): ReviewPage {
  expectStatus(response, 200);
  expectSchema(
    ctx,
    response,
    ctx.spec.componentSchema('ReviewCollection'),
    response.body,
    'ReviewCollection',
  );
  const page = response.body as ReviewPage;
  expectPageSize(response, page.meta, page.data.length, 'reviews');
  return page;
}
