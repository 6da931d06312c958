import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { probedStatisticsProperty } from './support/probed-statistics-property.ts';

const isNumberOrNull = (value: unknown): boolean =>
  value === null || (typeof value === 'number' && Number.isFinite(value));

/**
 * What §4 rule 1 says a point holds, whatever its fields are called: an epoch-second date (an
 * integer), a valid-observation count (an integer ≥ 0), an average, a minimum and a maximum
 * (numbers, or null when missing — never text). The names and the rest of the answer's
 * shape are the profile check STATISTICS-SCHEMA's.
 */
export const pointFields = defineCheck({
  id: 'STATISTICS-POINT-FIELDS',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rule 1 ("an epoch-second date, a valid observation count, an average, a minimum and a maximum")',
  level: 'must',
  title: 'A statistics point holds an epoch-second date, a count and numeric or null aggregates',
  covers: ['S4.STATS.1'],
  async run(ctx) {
    // Epoch seconds of a day past the server's now: a later "date" is not in seconds (an
    // epoch-millisecond date of today is a thousand times larger).
    const latest = Math.floor(ctx.discovery.serverNow() / 1000) + 86_400;
    await probedStatisticsProperty(ctx, (response, request, points, fields) => {
      for (const point of points) {
        expectThat(
          response,
          !Number.isInteger(point.date) || ((point.date as number) >= 0 && (point.date as number) <= latest),
          `A statistics point's ${fields.date} is not an epoch-second date`,
          `${fields.date} in epoch seconds, at most ${latest} (a day past the server's now)`,
          `${fields.date} ${String(point.date)}${(point.date as number) > latest * 100 ? ' (epoch milliseconds?)' : ''}`,
        );
        expectThat(
          response,
          Number.isInteger(point.date) &&
            Number.isInteger(point.count) &&
            (point.count as number) >= 0 &&
            isNumberOrNull(point.average) &&
            isNumberOrNull(point.min) &&
            isNumberOrNull(point.max),
          'A statistics point has fields of the wrong type',
          `${fields.date} integer epoch seconds, ${fields.count} integer ≥ 0, ${fields.average}/${fields.min}/${fields.max} number or null`,
          JSON.stringify(point),
        );
      }
    });
  },
});
