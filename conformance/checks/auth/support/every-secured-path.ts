/** One concrete path per secured operation, filled with ids the deployment knows. */
import type { CheckContext } from '../../../src/core/check.ts';
import { securedOperations } from '../../../src/core/secured-operations.ts';
import { concretePath } from '../../../src/core/concrete-path.ts';
import { knownGameIds } from '../../../src/core/known-game-ids.ts';
import { knownReviewIds } from '../../../src/core/known-review-ids.ts';

export function everySecuredPath(ctx: CheckContext): string[] {
  const values = {
    gameId: knownGameIds(ctx.discovery)[0] ?? 1,
    reviewId: knownReviewIds(ctx.discovery)[0] ?? 1,
  };
  return securedOperations(ctx.spec).map((operation) => concretePath(operation.path, values));
}
