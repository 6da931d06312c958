import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { utcDateOf } from '../../src/core/dates.ts';
import { activityRequest } from './arbitraries/activity-request.ts';
import { activityCells } from './support/activity-cells.ts';
import { activityQuery } from './support/activity-query.ts';
import { fetchStatistics } from './support/fetch-statistics.ts';
import { activityPatternPath } from './support/statistics-path.ts';

/** §4 rule 2 / §8: fewer than this many observations leave a cell's average null. */
const MIN_OBSERVATIONS = 3;

export const activityNullAverage = defineCheck({
  id: 'STATISTICS-ACTIVITY-NULL-AVERAGE',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rule 2 ("a cell with fewer than three observations has a null average"); §8 limits',
  level: 'profile',
  title: 'A cell with fewer than three observations has a null average, others a number',
  covers: ['S8.ACTIVITYNULL', 'S4.STATS.2'],
  decisions: ['D12', 'D13'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    await ctx.property([playersGameId(ctx), activityRequest(today)], async (id, request) => {
      const { response, ready } = await fetchStatistics(
        ctx,
        activityPatternPath(id),
        activityQuery(ctx, request),
      );
      if (!ready) return;
      for (const cell of activityCells(ctx, response)) {
        const few = typeof cell.count === 'number' && cell.count < MIN_OBSERVATIONS;
        expectThat(
          response,
          few ? cell.average === null : typeof cell.average === 'number',
          few
            ? 'A cell with fewer than three observations has an average'
            : 'A cell with three or more observations has no average',
          few
            ? `average null (count ${String(cell.count)})`
            : `a numeric average (count ${String(cell.count)})`,
          JSON.stringify(cell),
        );
      }
    });
  },
});
