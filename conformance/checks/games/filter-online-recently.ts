import { defineCheck } from '../../src/core/check.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import type { Discovery } from '../../src/core/discovery.ts';
import { expectFilterHolds } from './support/expect-filter-holds.ts';
import { ONLINE_RECENTLY_MS } from './support/filter-violations.ts';
import { type GamesFilter, withoutForbiddenCombination } from './support/games-filter.ts';

/** Boundary probes: games seen by discovery whose last connect is just outside the window. */
const BOUNDARY_PROBES = 2;
/** Beyond the window by more than D48's slack at the boundary. */
const OUTSIDE_BY_MS = 10 * 60 * 1000;

/**
 * Queries aimed at the games discovery saw reached last just outside the 48 hours (the
 * nearest first): `online_recently=1` with the game's name as `q`, so the game would be on
 * the first page if the server admitted it. A wider window (7 days, say) is caught even when
 * such games are a handful among thousands and no generated page would show them.
 */
function boundaryProbes(discovery: Discovery): GamesFilter[] {
  const now = discovery.serverNow();
  return discovery.games
    .flatMap((game) => {
      const connect = Date.parse(String(game.status.last_successful_connect));
      const age = now - connect;
      return Number.isFinite(age) && age > ONLINE_RECENTLY_MS + OUTSIDE_BY_MS && game.name.trim() !== ''
        ? [{ age, name: game.name }]
        : [];
    })
    .sort((a, b) => a.age - b.age)
    .slice(0, BOUNDARY_PROBES)
    .map(({ name }) => ({ q: name, onlineRecently: true, perPage: 50 }));
}

/**
 * `online_recently=1` returns only games whose `status.last_successful_connect` lies
 * within 48 hours of the server's `Date` (D48: 120 s of slack at the boundary). Besides the
 * generated queries, it aims at the games discovery saw just outside the window.
 */
export const filterOnlineRecently = defineCheck({
  id: 'GAMES-FILTER-ONLINE-RECENTLY',
  area: 'games',
  source: '§4 GET /games parameters, online_recently; §8 limits, online_recently window (48 hours)',
  level: 'must',
  title: 'online_recently=1 keeps only games reached in the last 48 hours',
  covers: ['S4.GAMES.ONLINE', 'S8.ONLINE48'],
  decisions: ['D48'],
  async run(ctx) {
    let judged = 0;
    // web_only cannot be combined with online_recently (§4 rule 3): fall back to mud_client.
    const arbitrary = filterQuery(ctx.discovery).map((filter) =>
      withoutForbiddenCombination({
        ...filter,
        connectionType: filter.connectionType === 'web_only' ? 'mud_client' : filter.connectionType,
        onlineRecently: true,
      }),
    );
    // The flag alone first, the likeliest query to return a game; then the boundary probes.
    const examples: [GamesFilter][] = [
      [{ onlineRecently: true, perPage: 50 }],
      ...boundaryProbes(ctx.discovery).map((probe): [GamesFilter] => [probe]),
    ];
    await ctx.property(
      [arbitrary],
      async (filter) => {
        judged += await expectFilterHolds(ctx, filter);
      },
      { examples },
    );
    if (judged === 0) return ctx.skip('online_recently=1 never returned a game under the generated queries');
  },
});
