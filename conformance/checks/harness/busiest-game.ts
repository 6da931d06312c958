import type { Discovery, GameSummary } from '../../src/core/discovery.ts';
import { reachedWithinDay } from './last-reach.ts';
import { listedMs } from './long-history.ts';

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

/**
 * The busiest game listed before `beforeMs`, reached within the last day and not web-only: one
 * whose player history holds samples in most hours of every day since `beforeMs` (a game down
 * for weeks, or listed later, has none in them).
 */
export function busiestSampledSince(discovery: Discovery, beforeMs: number): GameSummary | undefined {
  const nowMs = discovery.serverNow();
  return busiestGame(
    discovery.games,
    (game) => game.status.web_only === false && reachedWithinDay(game, nowMs) && listedMs(game) < beforeMs,
  );
}
