import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { utcDateOf } from '../../src/core/dates.ts';
import { activityRequest } from './arbitraries/activity-request.ts';
import { fetchStatistics } from './support/fetch-statistics.ts';
import { namedCells } from './support/named-cells.ts';
import { namedActivityQuery, requireNames } from './support/probe-names.ts';
import { activityPatternPath } from './support/statistics-path.ts';
import type { CellFields } from './support/cell-fields.ts';
import { judgeObservedActivity } from './support/observed-activity.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import type { ActivityCell } from './support/activity-cells.ts';

const CELLS = 7 * 24;

/**
 * "168 weekday/hour cells with counts" (§4 rule 2) for generated ranges and zones, under the
 * zone parameter and cell fields the probe found: 7 weekdays × hours 0–23 (an hour of the day
 * in any zone), each pair once, counts integers ≥ 0. The weekday numbering (ISO 1–7, 0–6…)
 * and the names stay open (D12): the profile check STATISTICS-ACTIVITY-CELLS keeps them.
 */
export const activityWeekGrid = defineCheck({
  id: 'STATISTICS-ACTIVITY-WEEK-GRID',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 2 ("Returns 168 weekday/hour cells with counts")',
  level: 'must',
  title: 'The activity pattern has one cell per weekday and hour of the day',
  covers: ['S4.STATS.2'],
  async run(ctx) {
    const names = await requireNames(ctx, ['timezoneParam', 'cellFields']);
    const today = utcDateOf(ctx.discovery.serverNow());
    await ctx.property([playersGameId(ctx), activityRequest(today)], async (id, request) => {
      const { response, ready } = await fetchStatistics(
        ctx,
        activityPatternPath(id),
        namedActivityQuery(names, request),
      );
      if (ready) judgeGrid(response, namedCells(response, names.cellFields), names.cellFields);
    });
    // And every activity pattern the run receives, to its end.
    judgeObservedActivity(ctx, names.cellFields, (response, cells) =>
      judgeGrid(response, cells, names.cellFields),
    );
  },
});

/** Fails unless the cells are 7 integer weekdays × hours 0–23, each pair once, with integer counts ≥ 0. */
function judgeGrid(response: ApiResponse, cells: ActivityCell[], fields: CellFields): void {
  const weekdays = new Set(cells.map((cell) => cell.weekday));
  const pairs = new Set(cells.map((cell) => `${String(cell.weekday)}/${String(cell.hour)}`));
  const weekdaysValid = cells.every((cell) => Number.isInteger(cell.weekday));
  const hoursValid = cells.every(
    (cell) => Number.isInteger(cell.hour) && (cell.hour as number) >= 0 && (cell.hour as number) <= 23,
  );
  const countsValid = cells.every((cell) => Number.isInteger(cell.count) && (cell.count as number) >= 0);
  const { weekday, hour, count } = fields;
  expectThat(
    response,
    cells.length === CELLS &&
      weekdays.size === 7 &&
      pairs.size === CELLS &&
      weekdaysValid &&
      hoursValid &&
      countsValid,
    'The activity pattern is not one cell per weekday and hour',
    `168 cells: 7 integer weekdays (${weekday}) × hours 0–23 (${hour}), each pair once, ${count} integers ≥ 0`,
    `${cells.length} cells, ${weekdays.size} weekdays${weekdaysValid ? '' : ' (not all integers)'}, ${pairs.size} distinct pairs, hours ${hoursValid ? 'valid' : `invalid (e.g. ${JSON.stringify(cells.find((c) => !(Number.isInteger(c.hour) && (c.hour as number) >= 0 && (c.hour as number) <= 23)))})`}, counts ${countsValid ? 'valid' : 'invalid'}`,
  );
}
