import { defineCheck } from '../../src/core/check.ts';
import { readyStatisticsProperty } from './support/ready-statistics-property.ts';
import { expectThat } from '../../src/core/expect.ts';

export const nullNotZero = defineCheck({
  id: 'STATISTICS-NULL-NOT-ZERO',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 1 ("missing values are null, not zero")',
  level: 'profile',
  title: 'A point without observations has null aggregates, a point with some has numbers',
  covers: ['S4.STATS.1'],
  decisions: ['D7', 'D10'],
  async run(ctx) {
    await readyStatisticsProperty(ctx, (response, request, points) => {
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
            : `average, min, max numbers when count is ${point.count}`,
          JSON.stringify(point),
        );
      }
    });
  },
});
