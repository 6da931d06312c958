import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { rangeEnd } from '../harness/arbitraries/range-end.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import fc from 'fast-check';
import { fetchStatistics } from './support/fetch-statistics.ts';
import { activityPatternPath } from './support/statistics-path.ts';
import { statisticsNames } from './support/probe-names.ts';
import type { QueryPairs } from '../../src/core/http-client.ts';

/** A zone other than UTC whose name is canonical in every zone database (no alias, D53). */
const ZONE = 'Asia/Tokyo';

/** A 90-day activity pattern aggregates thousands of samples per request: 25 cases probe the edge enough. */
const RANGE_RUNS = 25;

/**
 * "At most 90 days" (§4 rule 2, §8) under every way of counting a span: `to` − `from` = 89 is
 * at most 90 days whether `to` is inclusive or not, and `to` − `from` ≥ 91 is over 90 days
 * either way. The day in between (`to` − `from` = 90, 91 days counted inclusively, D25) is the
 * profile check STATISTICS-ACTIVITY-MAX-RANGE's.
 */
export const activityRangeLimit = defineCheck({
  id: 'STATISTICS-ACTIVITY-RANGE-LIMIT',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 2 ("at most 90 days"); §8 limits, activity pattern range',
  level: 'must',
  title: 'An activity range within 90 days is served and one beyond 91 days refused',
  covers: ['S8.ACTIVITY90', 'S4.STATS.2', 'S4.STATS.3-422'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    // The first case names a zone (under the probed parameter name, when known): the limit holds
    // whatever the zone, and a server that checks it on the UTC path only accepts 91 days there.
    const zoneParam = (await statisticsNames(ctx)).timezoneParam;
    const first = ctx.discovery.gameWithPlayersId;
    await ctx.property(
      [
        playersGameId(ctx),
        rangeEnd(today, 200),
        fc.oneof(fc.constant(91), fc.integer({ min: 91, max: 400 })),
        fc.constant<string | undefined>(undefined),
      ],
      async (id, to, over, zone) => {
        const path = activityPatternPath(id);
        const zoned: QueryPairs = zone !== undefined && zoneParam !== undefined ? [[zoneParam, zone]] : [];
        await fetchStatistics(ctx, path, [['from', addDays(to, -89)], ['to', to], ...zoned]);
        const tooLong = await ctx.client.get(path, {
          query: [['from', addDays(to, -over)], ['to', to], ...zoned],
        });
        expectErrorEnvelope(tooLong, 422, ['invalid_statistics_query']);
      },
      {
        numRuns: Math.min(ctx.runs, RANGE_RUNS),
        examples: first === undefined || zoneParam === undefined ? [] : [[first, today, 91, ZONE]],
      },
    );
  },
});
