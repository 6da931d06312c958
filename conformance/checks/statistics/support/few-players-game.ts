import type { Discovery, GameSummary } from '../../../src/core/discovery.ts';

/**
 * The game reporting the fewest players, at least two (else discovery's game with players):
 * the first case of STATISTICS-MIN-AVERAGE-MAX and STATISTICS-RESOLUTIONS-AGREE, which share its
 * week of hourly points through the run's cache — one choice, so the two stay on one request.
 */
export function fewPlayersGameId(discovery: Discovery): number | undefined {
  const players = (game: GameSummary) => game.status.latest_players ?? 0;
  const few = discovery.games.filter((game) => players(game) >= 2).sort((a, b) => players(a) - players(b))[0];
  return few?.id ?? discovery.gameWithPlayersId;
}
