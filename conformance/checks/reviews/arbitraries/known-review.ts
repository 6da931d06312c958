import fc from 'fast-check';
import type { CheckContext } from '../../../src/core/check.ts';
import type { ReviewSummary } from '../../../src/core/discovery.ts';

/** Review summaries discovery read from GET /reviews; skips the check when there were none. */
export function knownReview(ctx: CheckContext): fc.Arbitrary<ReviewSummary> {
  const reviews = ctx.discovery.reviews;
  if (reviews.length === 0) ctx.skip('discovery found no review in GET /reviews');
  return fc.constantFrom(...reviews);
}
