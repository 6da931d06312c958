import { defineCheck } from '../../src/core/check.ts';
import { readyStatisticsProperty } from './support/ready-statistics-property.ts';
import { expectThat, expectSchema } from '../../src/core/expect.ts';
import { usesDefaultStatisticsParams } from './support/uses-default-statistics-params.ts';

const isNumberOrNull = (value: unknown): boolean => value === null || typeof value === 'number';

/**
 * Kept at `profile`: the names (D6 parameters, D7 fields) and the whole answer's shape with
 * our metadata (StatisticsResponse, strict only under our parameter names). What every reading
 * agrees on — the point's contents and their types under whatever names — is the `must` check
 * STATISTICS-POINT-FIELDS.
 */
export const schema = defineCheck({
  id: 'STATISTICS-SCHEMA',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 1',
  level: 'profile',
  title: 'Statistics are points of date, count, average, minimum and maximum',
  covers: ['S4.STATS.1', 'S4.STATS.1-NAMES', 'S4.STATS.3-503'],
  decisions: ['D6', 'D7', 'D15'],
  async run(ctx) {
    const strictSchema = usesDefaultStatisticsParams(ctx);
    await readyStatisticsProperty(ctx, (response, request, points) => {
      if (strictSchema) {
        expectSchema(
          ctx,
          response,
          ctx.spec.componentSchema('StatisticsResponse'),
          response.body,
          'StatisticsResponse',
        );
      }
      for (const point of points) {
        expectThat(
          response,
          Number.isInteger(point.date) &&
            Number.isInteger(point.count) &&
            (point.count as number) >= 0 &&
            isNumberOrNull(point.average) &&
            isNumberOrNull(point.min) &&
            isNumberOrNull(point.max),
          'A statistics point has fields of the wrong type',
          'date epoch seconds (integer), count integer ≥ 0, average/min/max number or null (profile statistics.fields)',
          JSON.stringify(point),
        );
      }
    });
  },
});
