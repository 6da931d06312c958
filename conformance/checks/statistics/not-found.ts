import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { unknownGameId, wideIds } from '../harness/arbitraries/unknown-game-id.ts';
import type { QueryPairs } from '../../src/core/http-client.ts';
import { statisticsNames } from './support/probe-names.ts';
import { lookUpIdGaps } from '../harness/gap-lookups.ts';
import { activityPatternPath, statisticsPath } from './support/statistics-path.ts';

/**
 * §7's game_not_found row ("Game does not exist", 404) holds for every path under a game: the
 * statistics endpoints answer an unknown game 404 `game_not_found` in the error envelope, as the
 * MSSP and the player history do. §4 describes the statistics errors in prose only (D14), but the
 * row that gives the status gives the code: `route_not_found` is for a route that does not exist,
 * and these routes do (blind fault `blind32-activity-unknown-game-route-not-found` answered the
 * activity pattern's unknown game with it, which the code's old tolerance let pass).
 */
export const notFound = defineCheck({
  id: 'STATISTICS-NOT-FOUND',
  area: 'statistics',
  source: '§4 statistics endpoints (GET /games/{gameId}/…); §7 error table, game_not_found',
  level: 'must',
  title: "An unknown game's statistics answer 404 game_not_found",
  covers: ['S4.STATS.1', 'S4.STATS.2', 'S7.CODE.game_not_found'],
  decisions: ['D14'],
  async run(ctx) {
    await ctx.property(
      [unknownGameId(ctx.discovery), fc.constantFrom(statisticsPath, activityPatternPath)],
      async (id, path) => {
        const response = await ctx.client.get(path(id), { query: await validQuery(path) });
        expectErrorEnvelope(response, 404, ['game_not_found']);
      },
      // Ids past the integer edges first, on both endpoints (wideIds).
      {
        examples: wideIds(ctx.discovery.games[0]?.id).flatMap((id) => [
          [id, statisticsPath] as [number, typeof statisticsPath],
          [id, activityPatternPath] as [number, typeof statisticsPath],
        ]),
      },
    );
    // Then gaps of the discovered id range, the two endpoints in turn: 200 (or 503, statistics
    // not ready) for an archived game, 404 game_not_found for none — never another status.
    await lookUpIdGaps(ctx, async (id, index) => {
      const path = index % 2 === 0 ? statisticsPath : activityPatternPath;
      return { path: path(id), query: await validQuery(path) };
    });

    /**
     * A query valid under the deployment's names (probed, else the profile's): a server that
     * requires a metric may validate the query before it looks the game up (#24: its 422 before
     * 404 is a legitimate order).
     */
    async function validQuery(path: typeof statisticsPath): Promise<QueryPairs> {
      const names = await statisticsNames(ctx);
      const { statistics, activityPattern } = ctx.profile;
      return path === statisticsPath
        ? [
            [names.metricParam ?? statistics.metricParam, 'players'],
            [names.resolutionParam ?? statistics.resolutionParam, 'daily'],
          ]
        : [[names.timezoneParam ?? activityPattern.timezoneParam, 'UTC']];
    }
  },
});
