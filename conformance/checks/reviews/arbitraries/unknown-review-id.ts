import type fc from 'fast-check';
import type { Discovery } from '../../../src/core/discovery.ts';
import { idAbove } from '../../harness/arbitraries/unknown-game-id.ts';

/** Well-formed review ids no review has: above 10^9 and every id discovery saw, within 32 bits. */
export function unknownReviewId(discovery: Discovery): fc.Arbitrary<number> {
  return idAbove(discovery.reviews.map((review) => review.id));
}
