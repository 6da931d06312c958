import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { rangeEnd } from '../harness/arbitraries/range-end.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { activityQuery } from './support/activity-query.ts';
import { fetchStatistics } from './support/fetch-statistics.ts';
import { activityPatternPath } from './support/statistics-path.ts';

/** A 90-day activity pattern aggregates thousands of samples per request: 25 end dates probe the edge enough. */
const MAX_RANGE_RUNS = 25;

/**
 * Kept at `profile`: the exact edge, which depends on counting both ends of a range (D25):
 * `to` − `from` = 90 is 91 days only then. Ranges within 90 days and beyond 91 under any
 * counting are the `must` check STATISTICS-ACTIVITY-RANGE-LIMIT.
 */
export const activityMaxRange = defineCheck({
  id: 'STATISTICS-ACTIVITY-MAX-RANGE',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 2 ("at most 90 days"); §8 limits, activity pattern range',
  level: 'profile',
  title: 'An activity range of 90 days is accepted and one of 91 days refused with invalid_statistics_query',
  covers: ['S8.ACTIVITY90', 'S4.STATS.2', 'S4.STATS.3-422'],
  decisions: ['D12', 'D25'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    await ctx.property(
      [playersGameId(ctx), rangeEnd(today, 200)],
      async (id, to) => {
        const path = activityPatternPath(id);
        // Spans count both ends, as for player history (D25): to − from = 89 is 90 days.
        await fetchStatistics(ctx, path, activityQuery(ctx, { from: addDays(to, -89), to }));
        const tooLong = await ctx.client.get(path, {
          query: activityQuery(ctx, { from: addDays(to, -90), to }),
        });
        expectErrorEnvelope(tooLong, 422, ['invalid_statistics_query']);
      },
      { numRuns: Math.min(ctx.runs, MAX_RANGE_RUNS) },
    );
  },
});
