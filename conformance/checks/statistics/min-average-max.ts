import { defineCheck } from '../../src/core/check.ts';
import { readyStatisticsProperty } from './support/ready-statistics-property.ts';
import { expectThat } from '../../src/core/expect.ts';

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
    await readyStatisticsProperty(ctx, (response, request, points) => {
      for (const point of points) {
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
