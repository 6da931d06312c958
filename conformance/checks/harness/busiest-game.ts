import type { GameSummary } from '../../src/core/discovery.ts';

/**
 * The game with the most players now (`status.latest_players`, unknown counting as none) among
 * discovery's games that `keep` accepts: the one whose player history has the most to show.
 */
export function busiestGame(
  games: readonly GameSummary[],
  keep: (game: GameSummary) => boolean,
): GameSummary | undefined {
  let busiest: GameSummary | undefined;
  for (const game of games) {
    if (!keep(game)) continue;
    if (busiest === undefined || (game.status.latest_players ?? 0) > (busiest.status.latest_players ?? 0))
      busiest = game;
  }
  return busiest;
}
