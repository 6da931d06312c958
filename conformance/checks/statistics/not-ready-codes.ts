import { defineCheck } from '../../src/core/check.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { NOT_READY_CODES } from './support/not-ready-codes.ts';
import { activityPatternPath, statisticsPath } from './support/statistics-path.ts';
import { statisticsQuery } from './support/statistics-query.ts';

/** Games looked at, at full depth; each costs three requests. */
const MAX_GAMES = 40;

export const notReadyCodes = defineCheck({
  id: 'STATISTICS-NOT-READY-CODES',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 3 (503 statistics_unavailable / statistics_pending); §7 error table',
  level: 'profile',
  title: 'Statistics that are not ready answer 503 statistics_pending or statistics_unavailable',
  covers: ['S4.STATS.3-503', 'S7.CODE.statistics_pending', 'S7.CODE.statistics_unavailable'],
  decisions: ['D15'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    // A short and a long range (backfill is the likely reason for "pending") and the activity pattern.
    const long = statisticsQuery(ctx, {
      metric: 'players',
      resolution: 'daily',
      from: addDays(today, -364),
      to: today,
    });
    const ids = ctx.discovery.games.slice(0, MAX_GAMES).map((game) => game.id);
    if (ids.length === 0) ctx.skip('discovery found no game in GET /games');
    const notReady: ApiResponse[] = [];
    // One game a case (three requests), in listing order: a budgeted run looks at the first
    // few, a full one at up to 40; a run that saw no 503 at all has nothing to judge and skips.
    await ctx.sweep(ids, async (id) => {
      for (const [path, query] of [
        [statisticsPath(id), []],
        [statisticsPath(id), long],
        [activityPatternPath(id), []],
      ] as const) {
        const response = await ctx.client.get(path, { query: [...query] });
        if (response.status !== 503) continue;
        expectErrorEnvelope(response, 503, NOT_READY_CODES);
        notReady.push(response);
      }
    });
    if (notReady.length === 0) ctx.skip('no 503 seen for the games looked at: nothing to check');
    ctx.log(`${notReady.length} not-ready answers, all with a documented code`);
  },
});
