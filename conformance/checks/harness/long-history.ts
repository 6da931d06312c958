import type { Discovery, GameSummary } from '../../src/core/discovery.ts';
import { reachedWithinDay } from './last-reach.ts';

/** When the game was listed (epoch ms); NaN when unknown. */
export function listedMs(game: GameSummary): number {
  return Date.parse(game.dates.listed ?? '');
}

/** Discovery's crawled games (web-only ones aside) with a listing date, listed longest ago first (ties by id). */
export function crawledByListing(discovery: Discovery): GameSummary[] {
  return discovery.games
    .filter((game) => game.status.web_only === false && !Number.isNaN(listedMs(game)))
    .sort((a, b) => listedMs(a) - listedMs(b) || a.id - b.id);
}

/**
 * The game with the longest unbroken history discovery can tell: listed longest ago among the
 * games reached within the day (crawled up to now) — the most samples a long range holds, where an
 * answer read in store pages or chunks crosses their boundaries. Undefined when discovery saw none.
 */
export function longestHistoryGameId(discovery: Discovery): number | undefined {
  const now = discovery.serverNow();
  return crawledByListing(discovery).find((game) => reachedWithinDay(game, now))?.id;
}
