import type { GameSummary } from '../../src/core/discovery.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';

/** The games of an answer of GET /games (its data) or GET /games/{id} (its one game): the objects among them. */
export function gamesOfAnswer(response: ApiResponse): GameSummary[] {
  const data = (response.body as { data?: unknown } | undefined)?.data;
  const games = Array.isArray(data) ? data : [data];
  return games.filter((game): game is GameSummary => typeof game === 'object' && game !== null);
}
