import type { Discovery, GameSummary } from '../../../src/core/discovery.ts';
import type { GamesFilter } from './games-filter.ts';

/** Boundary probes a check runs: games seen by discovery whose time is just outside the window. */
const EDGE_PROBES = 2;
/** Beyond the window by more than D48's slack at the boundary. */
const OUTSIDE_BY_MS = 10 * 60 * 1000;

/**
 * Queries aimed at the games discovery saw just outside a time window (§8: 30 days updated,
 * 48 hours online), the nearest first: the window's flag with the game's name as `q`, so the
 * game would be on the first page if the server admitted it. A window a day or a week too wide
 * is caught even when such games are a handful among thousands and no generated page shows them.
 */
export function windowEdgeProbes(
  discovery: Discovery,
  timeOf: (game: GameSummary) => string | null | undefined,
  windowMs: number,
  flag: Pick<GamesFilter, 'recentlyUpdated' | 'onlineRecently'>,
): GamesFilter[] {
  const now = discovery.serverNow();
  return discovery.games
    .flatMap((game) => {
      const age = now - Date.parse(String(timeOf(game)));
      return Number.isFinite(age) && age > windowMs + OUTSIDE_BY_MS && game.name.trim() !== ''
        ? [{ age, name: game.name }]
        : [];
    })
    .sort((a, b) => a.age - b.age)
    .slice(0, EDGE_PROBES)
    .map(({ name }) => ({ q: name, ...flag, perPage: 50 }));
}
