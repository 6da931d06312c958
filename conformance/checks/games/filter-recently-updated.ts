import { defineCheck } from '../../src/core/check.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { expectFilterHolds } from './support/expect-filter-holds.ts';
import { RECENTLY_UPDATED_MS } from './support/filter-violations.ts';
import type { GamesFilter } from './support/games-filter.ts';
import { windowEdgeProbes } from './support/window-edge-probes.ts';

/**
 * `recently_updated=1` returns only games whose `dates.updated` lies within 30 days
 * of the server's `Date` (D48: 120 s of slack at the boundary). Besides the generated queries,
 * it aims at the games discovery saw updated just outside the window.
 */
export const filterRecentlyUpdated = defineCheck({
  id: 'GAMES-FILTER-RECENTLY-UPDATED',
  area: 'games',
  source: '§4 GET /games parameters, recently_updated; §8 limits, recently_updated window (30 days)',
  level: 'must',
  title: 'recently_updated=1 keeps only games updated in the last 30 days',
  covers: ['S4.GAMES.RECENTUPD', 'S8.UPDATED30'],
  decisions: ['D48'],
  async run(ctx) {
    let judged = 0;
    const arbitrary = filterQuery(ctx.discovery).map((filter) => ({ ...filter, recentlyUpdated: true }));
    // The flag alone first, the likeliest query to return a game; then the edge probes.
    await ctx.property(
      [arbitrary],
      async (filter) => {
        judged += await expectFilterHolds(ctx, filter);
      },
      {
        examples: [
          [{ recentlyUpdated: true, perPage: 50 }],
          ...windowEdgeProbes(ctx.discovery, (game) => game.dates.updated, RECENTLY_UPDATED_MS, {
            recentlyUpdated: true,
          }).map((probe): [GamesFilter] => [probe]),
        ],
      },
    );
    if (judged === 0) return ctx.skip('recently_updated=1 never returned a game under the generated queries');
  },
});
