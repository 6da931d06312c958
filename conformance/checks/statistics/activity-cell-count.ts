import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { longestObjectArray } from './support/object-arrays.ts';
import { fetchStatistics } from './support/fetch-statistics.ts';
import { activityPatternPath } from './support/statistics-path.ts';

/**
 * The 168 weekday/hour cells (§4 statistics rule 2) found by structure, not by name: with
 * the defaults (no parameter: a 30-day range in UTC, valid under any naming), the response's
 * longest array of objects has exactly 168 items. The names are the profile check's
 * (STATISTICS-ACTIVITY-CELLS); a wrong count fails here under any naming.
 */
export const activityCellCount = defineCheck({
  id: 'STATISTICS-ACTIVITY-CELL-COUNT',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 2 ("Returns 168 weekday/hour cells")',
  level: 'must',
  title: 'The activity pattern holds 168 cells, whatever they are called',
  covers: ['S4.STATS.2'],
  async run(ctx) {
    let judged = 0;
    const first = ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id;
    await ctx.property(
      [playersGameId(ctx)],
      async (id) => {
        const { response, ready } = await fetchStatistics(ctx, activityPatternPath(id), []);
        if (!ready) return;
        judged += 1;
        const cells = longestObjectArray(response.body);
        expectThat(
          response,
          cells?.length === 168,
          'The activity pattern does not hold 168 cells',
          'an array of 168 objects (7 weekdays × 24 hours), under any field names',
          cells ? `${cells.length} objects at ${cells.path}` : 'no array of objects',
        );
      },
      { numRuns: Math.min(ctx.runs, 25), examples: first === undefined ? [] : [[first]] },
    );
    if (judged === 0) ctx.skip('every activity pattern looked at was not ready (503)');
  },
});
