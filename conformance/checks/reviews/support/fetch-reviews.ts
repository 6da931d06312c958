import type { CheckContext } from '../../../src/core/check.ts';
import type { ReviewSummary } from '../../../src/core/discovery.ts';
import { expectStatus, expectSchema } from '../../../src/core/expect.ts';
import type { ApiResponse, QueryPairs } from '../../../src/core/http-client.ts';

export interface ReviewPage {
  data: ReviewSummary[];
  meta: { page: number; per_page: number; total: number };
  links: { self: string; next?: string; previous?: string };
}

/** GET /reviews: 200 with a valid review collection, or the check fails. */
export async function fetchReviews(
  ctx: CheckContext,
  query: QueryPairs,
): Promise<{ response: ApiResponse; page: ReviewPage }> {
  const response = await ctx.client.get('/reviews', { query });
  expectStatus(response, 200);
  expectSchema(
    ctx,
    response,
    ctx.spec.componentSchema('ReviewCollection'),
    response.body,
    'ReviewCollection',
  );
  return { response, page: response.body as ReviewPage };
}
