import { defineCheck } from '../../src/core/check.ts';
import { probedStatisticsProperty } from './support/probed-statistics-property.ts';
import { expectThat } from '../../src/core/expect.ts';
import { requireNames } from './support/probe-names.ts';

/** The average may be rounded (D7 names no precision): allow it to sit a hair outside [min, max]. */
const ROUNDING_SLACK = 0.01;

/**
 * "An average, a minimum and a maximum" (§4 statistics rule 1) under the probed names. When
 * only their ordering told the fields apart (probe-names.ts), the check has nothing to judge.
 */
export const minAverageMax = defineCheck({
  id: 'STATISTICS-MIN-AVERAGE-MAX',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 1 ("an average, a minimum and a maximum")',
  level: 'must',
  title: 'A point with observations has min ≤ average ≤ max',
  covers: ['S4.STATS.1'],
  async run(ctx) {
    const { pointFields } = await requireNames(ctx, ['pointFields']);
    if (pointFields.by === 'order') {
      ctx.skip(
        `the point fields were told apart only by min ≤ average ≤ max itself (${pointFields.min}, ${pointFields.average}, ${pointFields.max}); state statistics.fields in a profile`,
      );
    }
    await probedStatisticsProperty(ctx, (response, request, points, fields) => {
      for (const point of points) {
        const { min, average, max } = point;
        if (typeof min !== 'number' || typeof average !== 'number' || typeof max !== 'number') continue;
        expectThat(
          response,
          min <= max && min - ROUNDING_SLACK <= average && average <= max + ROUNDING_SLACK,
          'A point breaks min ≤ average ≤ max',
          `min ≤ average ≤ max (${fields.min} ≤ ${fields.average} ≤ ${fields.max})`,
          JSON.stringify(point),
        );
      }
    });
  },
});
