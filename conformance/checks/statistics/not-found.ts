import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectStatus, expectSchema } from '../../src/core/expect.ts';
import { unknownGameId, wideIds } from '../harness/arbitraries/unknown-game-id.ts';
import type { QueryPairs } from '../../src/core/http-client.ts';
import { statisticsNames } from './support/probe-names.ts';
import { activityPatternPath, statisticsPath } from './support/statistics-path.ts';

/**
 * §7's game_not_found row ("Game does not exist", 404) holds for every path under a game; the
 * statistics endpoints answer an unknown game with 404 and the error envelope. Only the code
 * is left open (D14 tolerant: §4 lists the statistics errors in prose only).
 */
export const notFound = defineCheck({
  id: 'STATISTICS-NOT-FOUND',
  area: 'statistics',
  source: '§4 statistics endpoints (GET /games/{gameId}/…); §7 error table, game_not_found',
  level: 'must',
  title: "An unknown game's statistics answer 404 with the error envelope",
  covers: ['S4.STATS.1', 'S4.STATS.2', 'S7.CODE.game_not_found'],
  async run(ctx) {
    await ctx.property(
      [unknownGameId(ctx.discovery), fc.constantFrom(statisticsPath, activityPatternPath)],
      async (id, path) => {
        // A query valid under the deployment's names (probed, else the profile's): a server that
        // requires a metric may validate the query before it looks the game up (#24: its 422
        // before 404 is a legitimate order).
        const names = await statisticsNames(ctx);
        const { statistics, activityPattern } = ctx.profile;
        const query: QueryPairs =
          path === statisticsPath
            ? [
                [names.metricParam ?? statistics.metricParam, 'players'],
                [names.resolutionParam ?? statistics.resolutionParam, 'daily'],
              ]
            : [[names.timezoneParam ?? activityPattern.timezoneParam, 'UTC']];
        const response = await ctx.client.get(path(id), { query });
        // D14 tolerant on the code: 404 and the envelope are what every reading agrees on.
        expectStatus(response, 404);
        expectSchema(ctx, response, ctx.spec.componentSchema('Error'), response.body, 'Error');
      },
      // Ids past the integer edges first, on both endpoints (wideIds).
      {
        examples: wideIds(ctx.discovery.games[0]?.id).flatMap((id) => [
          [id, statisticsPath] as [number, typeof statisticsPath],
          [id, activityPatternPath] as [number, typeof statisticsPath],
        ]),
      },
    );
  },
});
