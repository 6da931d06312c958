import { defineCheck } from '../../src/core/check.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { expectFilterHolds } from './support/expect-filter-holds.ts';
import { ONLINE_RECENTLY_MS } from './support/filter-violations.ts';
import { type GamesFilter, withoutForbiddenCombination } from './support/games-filter.ts';
import { windowEdgeProbes } from './support/window-edge-probes.ts';

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
      ...windowEdgeProbes(ctx.discovery, (game) => game.status.last_successful_connect, ONLINE_RECENTLY_MS, {
        onlineRecently: true,
      }).map((probe): [GamesFilter] => [probe]),
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
