import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect-that.ts';
import { playersGameId } from '../players/arbitraries/players-game-id.ts';
import { utcDateOf } from '../../src/core/utc-date-of.ts';
import { statisticsRequest } from './arbitraries/statistics-request.ts';
import { fetchStatistics } from './support/fetch-statistics.ts';
import { statisticsPath } from './support/statistics-path.ts';
import { statisticsPoints } from './support/statistics-point.ts';
import { statisticsQuery } from './support/statistics-query.ts';

/** The average may be rounded (D7 names no precision): allow it to sit a hair outside [min, max]. */
const ROUNDING_SLACK = 0.01;

export const minAverageMax = defineCheck({
  id: 'STATISTICS-MIN-AVERAGE-MAX',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 1 ("an average, a minimum and a maximum")',
  level: 'profile',
  title: 'A point with observations has min ≤ average ≤ max',
  covers: ['S4.STATS.1'],
  decisions: ['D7'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    await ctx.property([playersGameId(ctx), statisticsRequest(today)], async (id, request) => {
      const { response, ready } = await fetchStatistics(
        ctx,
        statisticsPath(id),
        statisticsQuery(ctx, request),
      );
      if (!ready) return;
      for (const point of statisticsPoints(ctx, response)) {
        const { min, average, max } = point;
        if (typeof min !== 'number' || typeof average !== 'number' || typeof max !== 'number') continue;
        expectThat(
          response,
          min <= max && min - ROUNDING_SLACK <= average && average <= max + ROUNDING_SLACK,
          'A point breaks min ≤ average ≤ max',
          'min ≤ average ≤ max',
          JSON.stringify(point),
        );
      }
    });
  },
});
