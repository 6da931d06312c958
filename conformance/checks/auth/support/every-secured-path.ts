/** One concrete path per secured operation, filled with ids the deployment knows. */
import type { CheckContext } from '../../../src/core/check.ts';
import { securedOperations } from '../../protocol/support/api-operations.ts';
import { concretePath } from '../../protocol/support/concrete-path.ts';
import { knownGameIds, knownReviewIds } from '../../protocol/support/known-ids.ts';

export function everySecuredPath(ctx: CheckContext): string[] {
  const values = {
    gameId: knownGameIds(ctx.discovery)[0] ?? 1,
    reviewId: knownReviewIds(ctx.discovery)[0] ?? 1,
  };
  return securedOperations(ctx.spec).map((operation) => concretePath(operation.path, values));
}
