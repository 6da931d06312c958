import { defineCheck } from '../../src/core/check.ts';
import { expectSchema, expectThat } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { utcDateOf } from '../../src/core/dates.ts';
import { activityRequest } from './arbitraries/activity-request.ts';
import { activityCells } from './support/activity-cells.ts';
import { activityQuery } from './support/activity-query.ts';
import { fetchStatistics } from './support/fetch-statistics.ts';
import { activityPatternPath } from './support/statistics-path.ts';
import { usesDefaultActivityParams } from './support/uses-default-activity-params.ts';

const CELLS = 7 * 24;

/**
 * Kept at `profile`: the names and the answer's shape (D12, ActivityPatternResponse) read
 * through the profile's fields. The grid itself — 7 weekdays × hours 0–23, each once, under
 * the probed names — is the `must` check STATISTICS-ACTIVITY-WEEK-GRID.
 */
export const activityCellsCheck = defineCheck({
  id: 'STATISTICS-ACTIVITY-CELLS',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 2 ("Returns 168 weekday/hour cells with counts")',
  level: 'profile',
  title: 'The activity pattern has 168 cells, one per weekday and hour',
  covers: ['S4.STATS.2', 'S4.STATS.1-NAMES'],
  decisions: ['D12', 'D15'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    const strictSchema = usesDefaultActivityParams(ctx);
    await ctx.property([playersGameId(ctx), activityRequest(today)], async (id, request) => {
      const { response, ready } = await fetchStatistics(
        ctx,
        activityPatternPath(id),
        activityQuery(ctx, request),
      );
      if (!ready) return;
      if (strictSchema) {
        expectSchema(
          ctx,
          response,
          ctx.spec.componentSchema('ActivityPatternResponse'),
          response.body,
          'ActivityPatternResponse',
        );
      }
      const cells = activityCells(ctx, response);
      // Weekday numbering (ISO 1–7 or 0–6) is open (D12): 7 distinct weekdays × hours 0–23, each pair once.
      const weekdays = new Set(cells.map((cell) => cell.weekday));
      const pairs = new Set(cells.map((cell) => `${String(cell.weekday)}/${String(cell.hour)}`));
      const hoursValid = cells.every(
        (cell) => Number.isInteger(cell.hour) && (cell.hour as number) >= 0 && (cell.hour as number) <= 23,
      );
      const countsValid = cells.every((cell) => Number.isInteger(cell.count) && (cell.count as number) >= 0);
      expectThat(
        response,
        cells.length === CELLS && weekdays.size === 7 && pairs.size === CELLS && hoursValid && countsValid,
        'The activity pattern is not one cell per weekday and hour',
        '168 cells: 7 weekdays × hours 0–23, each pair once, counts integers ≥ 0',
        `${cells.length} cells, ${weekdays.size} weekdays, ${pairs.size} distinct pairs, hours ${hoursValid ? 'valid' : 'invalid'}, counts ${countsValid ? 'valid' : 'invalid'}`,
      );
    });
  },
});
