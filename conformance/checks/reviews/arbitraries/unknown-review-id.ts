import fc from 'fast-check';
import type { Discovery } from '../../../src/core/discovery.ts';

const UNLIKELY_ID = 1_000_000_000;
const INT32_MAX = 2_147_483_647;

/** Well-formed review ids no review has: above 10^9 and every id discovery saw, within 32 bits. */
export function unknownReviewId(discovery: Discovery): fc.Arbitrary<number> {
  const floor = Math.max(UNLIKELY_ID, ...discovery.reviews.map((review) => review.id)) + 1;
  return fc.integer({ min: floor, max: INT32_MAX });
}
