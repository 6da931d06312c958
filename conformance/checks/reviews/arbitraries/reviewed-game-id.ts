import fc from 'fast-check';
import type { CheckContext } from '../../../src/core/check.ts';

/** Active games that have reviews (seen in discovery's reviews or counted in its summaries), else any listed game. */
export function reviewedGameId(ctx: CheckContext): fc.Arbitrary<number> {
  const reviewed = new Set(ctx.discovery.reviews.filter((r) => !r.game.archived).map((r) => r.game.id));
  for (const game of ctx.discovery.games) if (game.reviews.count > 0) reviewed.add(game.id);
  const ids = reviewed.size > 0 ? [...reviewed] : ctx.discovery.games.map((game) => game.id);
  if (ids.length === 0) ctx.skip('discovery found neither reviews nor games');
  return fc.constantFrom(...ids);
}
