import type { CheckContext } from '../../../src/core/check.ts';

/**
 * The games a user names as not ready (`--statistics-pending-game-id`,
 * `--statistics-unavailable-game-id`): discovery cannot tell them, a black box shows
 * them only when asked the right range.
 */
export function notReadyHints(ctx: CheckContext): { pending?: number; unavailable?: number } {
  const { statisticsPendingGameId: pending, statisticsUnavailableGameId: unavailable } = ctx.hints;
  return {
    ...(pending === undefined ? {} : { pending }),
    ...(unavailable === undefined ? {} : { unavailable }),
  };
}
