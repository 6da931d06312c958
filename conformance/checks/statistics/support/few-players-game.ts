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

/**
 * The game reporting the most players (else discovery's game with players): where a week's point
 * taken as the plain mean of its days' averages, instead of its observations' mean, is furthest
 * from the truth — a partial day's average (today's hours so far) differs from a whole day's by
 * tens of players there, by fractions of one in the quietest game, inside the answers' precision.
 */
export function busiestGameId(discovery: Discovery): number | undefined {
  const players = (game: GameSummary) => game.status.latest_players ?? 0;
  const busiest = [...discovery.games].sort((a, b) => players(b) - players(a))[0];
  return busiest !== undefined && players(busiest) > 0 ? busiest.id : discovery.gameWithPlayersId;
}
