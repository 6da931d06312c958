import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { utcDateOf } from '../../src/core/dates.ts';
import { activityRequest } from './arbitraries/activity-request.ts';
import { fetchStatistics } from './support/fetch-statistics.ts';
import { namedCells } from './support/named-cells.ts';
import { namedActivityQuery, requireNames } from './support/probe-names.ts';
import { activityPatternPath } from './support/statistics-path.ts';
import { judgeObservedActivity } from './support/observed-activity.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import type { ActivityCell } from './support/activity-cells.ts';

/** §4 rule 2 / §8: fewer than this many observations leave a cell's average null. */
const MIN_OBSERVATIONS = 3;

/**
 * The "fewer than three → null" rule over generated ranges and zones, with the zone parameter
 * and the cell fields the probe found (D12 names only; the rule itself is §4's and §8's). The
 * defaults-only, every-reading version is STATISTICS-ACTIVITY-AVERAGE-NEEDS-THREE. Every activity
 * pattern the run receives is judged too.
 */
export const activityNullAverage = defineCheck({
  id: 'STATISTICS-ACTIVITY-NULL-AVERAGE',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rule 2 ("a cell with fewer than three observations has a null average"); §8 limits',
  level: 'must',
  title: 'A cell with fewer than three observations has a null average, others a number',
  covers: ['S8.ACTIVITYNULL', 'S4.STATS.2'],
  async run(ctx) {
    const names = await requireNames(ctx, ['timezoneParam', 'cellFields']);
    const today = utcDateOf(ctx.discovery.serverNow());
    await ctx.property([playersGameId(ctx), activityRequest(today)], async (id, request) => {
      const { response, ready } = await fetchStatistics(
        ctx,
        activityPatternPath(id),
        namedActivityQuery(names, request),
      );
      if (ready) judgeAverages(response, namedCells(response, names.cellFields));
    });
    // And every activity pattern the run receives, to its end.
    judgeObservedActivity(ctx, names.cellFields, judgeAverages);
  },
});

/** Fails at the first cell whose average breaks the rule of three observations. */
function judgeAverages(response: ApiResponse, cells: ActivityCell[]): void {
  for (const cell of cells) {
    const few = typeof cell.count === 'number' && cell.count < MIN_OBSERVATIONS;
    expectThat(
      response,
      few ? cell.average === null : typeof cell.average === 'number',
      few
        ? 'A cell with fewer than three observations has an average'
        : 'A cell with three or more observations has no average',
      few ? `average null (count ${String(cell.count)})` : `a numeric average (count ${String(cell.count)})`,
      JSON.stringify(cell),
    );
  }
}
