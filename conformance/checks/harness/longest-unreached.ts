import type { GameSummary } from '../../src/core/discovery.ts';

/**
 * Of `games`, the MUD-client game that has gone longest without a successful connect: a game that
 * stopped answering but is still listed, when one did. Its answers are where a second source of
 * one fact (a store of the games still crawled, a roll-up filled past the last crawl) parts from
 * the first. Web-only games and games never reached are left out.
 */
export function longestUnreached(games: readonly GameSummary[]): GameSummary | undefined {
  let longest: GameSummary | undefined;
  let oldest = Number.POSITIVE_INFINITY;
  for (const game of games) {
    if (game.status.web_only || game.status.last_successful_connect === null) continue;
    const at = Date.parse(game.status.last_successful_connect);
    if (at < oldest) {
      oldest = at;
      longest = game;
    }
  }
  return longest;
}
