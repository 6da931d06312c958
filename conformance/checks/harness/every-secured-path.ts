/** One concrete path per secured operation, filled with ids the deployment knows. */
import type { CheckContext } from '../../src/core/check.ts';
import { securedOperations, concretePath, knownGameIds, knownReviewIds } from '../../src/core/paths.ts';

export function everySecuredPath(ctx: CheckContext): string[] {
  const values = {
    gameId: knownGameIds(ctx.discovery)[0] ?? 1,
    reviewId: knownReviewIds(ctx.discovery)[0] ?? 1,
  };
  return securedOperations(ctx.spec).map((operation) => concretePath(operation.path, values));
}
