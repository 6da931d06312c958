import type { OperationDefinition, SpecValidator } from '../../../spec/src/spec-loader.ts';
import type { Discovery } from '../../src/core/discovery.ts';
import { knownGameIds, knownReviewIds } from '../../src/core/paths.ts';

/**
 * The spec's operations that `keep` selects, as paths to ask: `{gameId}` and `{reviewId}` filled
 * with the first ids discovery saw, `/tags` first (the cheapest answer, one the run already has).
 */
export function servedPaths(
  spec: SpecValidator,
  discovery: Discovery,
  keep: (operation: OperationDefinition) => boolean,
): string[] {
  const [gameId = 1] = knownGameIds(discovery);
  const [reviewId = 1] = knownReviewIds(discovery);
  return spec.operations
    .filter(keep)
    .map((operation) =>
      operation.path.replace('{gameId}', String(gameId)).replace('{reviewId}', String(reviewId)),
    )
    .filter((path) => !path.includes('{'))
    .sort((a, b) => Number(b === '/tags') - Number(a === '/tags'));
}
