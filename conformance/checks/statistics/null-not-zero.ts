import { defineCheck } from '../../src/core/check.ts';
import { probedStatisticsProperty } from './support/probed-statistics-property.ts';
import { expectThat } from '../../src/core/expect.ts';

/**
 * "Missing values are null, not zero" (§4 statistics rule 1), under the names the probe found
 * (D6/D7 open them, nothing else here is a choice): a point whose valid-observation count is 0
 * has null average, minimum and maximum; one with observations has numbers.
 */
export const nullNotZero = defineCheck({
  id: 'STATISTICS-NULL-NOT-ZERO',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 1 ("missing values are null, not zero")',
  level: 'must',
  title: 'A point without observations has null aggregates, a point with some has numbers',
  covers: ['S4.STATS.1'],
  async run(ctx) {
    await probedStatisticsProperty(ctx, (response, request, points) => {
      for (const point of points) {
        const aggregates = [point.average, point.min, point.max];
        const empty = point.count === 0;
        expectThat(
          response,
          empty
            ? aggregates.every((value) => value === null)
            : aggregates.every((value) => typeof value === 'number'),
          empty
            ? 'A point without observations reports aggregates'
            : 'A point with observations lacks aggregates',
          empty
            ? 'average, min, max null when count is 0'
            : `average, min, max numbers when count is ${String(point.count)}`,
          JSON.stringify(point),
        );
      }
    });
  },
});
