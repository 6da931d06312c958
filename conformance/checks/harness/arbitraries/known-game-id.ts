import fc from 'fast-check';
import type { CheckContext } from '../../../src/core/check.ts';

export interface KnownGameIdOptions {
  /** Add the archived game (hint or discovery), when known. */
  includeArchived?: boolean;
}

/** Ids of games the deployment listed during discovery; skips the check when it listed none. */
export function knownGameId(ctx: CheckContext, options: KnownGameIdOptions = {}): fc.Arbitrary<number> {
  const ids = ctx.discovery.games.map((game) => game.id);
  if (options.includeArchived && ctx.discovery.archivedGameId !== undefined)
    ids.push(ctx.discovery.archivedGameId);
  if (ids.length === 0) ctx.skip('discovery found no game in GET /games');
  return fc.constantFrom(...new Set(ids));
}
