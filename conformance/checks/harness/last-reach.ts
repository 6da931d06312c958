import { DAY_MS } from '../../src/core/dates.ts';
import type { GameSummary } from '../../src/core/discovery.ts';

/** When the game was last reached (`status.last_successful_connect`, epoch ms); NaN when never, or unreadable. */
export function lastReachMs(game: GameSummary): number {
  return Date.parse(game.status.last_successful_connect ?? '');
}

/** Whether the game was reached within the day before `nowMs` (never reached: false). */
export function reachedWithinDay(game: GameSummary, nowMs: number): boolean {
  return nowMs - lastReachMs(game) <= DAY_MS;
}
