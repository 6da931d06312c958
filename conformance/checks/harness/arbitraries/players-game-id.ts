import fc from 'fast-check';
import type { CheckContext } from '../../../src/core/check.ts';

/**
 * Games whose player history the properties read: the one discovery saw samples for
 * (weighted up, so that most cases look at real data), plus the listed games.
 */
export function playersGameId(ctx: CheckContext): fc.Arbitrary<number> {
  const listed = ctx.discovery.games.map((game) => game.id);
  const withPlayers = ctx.discovery.gameWithPlayersId;
  if (listed.length === 0 && withPlayers === undefined) ctx.skip('discovery found no game in GET /games');
  if (withPlayers === undefined) return fc.constantFrom(...listed);
  if (listed.length === 0) return fc.constant(withPlayers);
  return fc.oneof(
    { arbitrary: fc.constant(withPlayers), weight: 1 },
    { arbitrary: fc.constantFrom(...listed), weight: 2 },
  );
}
