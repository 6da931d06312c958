/**
 * Values for the path parameters of the spec's templates: mostly ids the deployment
 * showed in discovery, sometimes any positive integer (which may or may not exist).
 */
import fc from 'fast-check';
import type { Discovery } from '../../../src/core/discovery.ts';
import { knownGameIds, knownReviewIds } from '../../../src/core/paths.ts';

export type PathValues = { gameId: number; reviewId: number };

const anyId = fc.integer({ min: 1, max: 2_147_483_647 });

export function pathValuesArbitrary(discovery: Discovery, knownWeight = 3): fc.Arbitrary<PathValues> {
  return fc.record({
    gameId: fc.oneof(
      { arbitrary: fc.constantFrom(...knownGameIds(discovery)), weight: knownWeight },
      { arbitrary: anyId, weight: 1 },
    ),
    reviewId: fc.oneof(
      { arbitrary: fc.constantFrom(...knownReviewIds(discovery)), weight: knownWeight },
      { arbitrary: anyId, weight: 1 },
    ),
  });
}
