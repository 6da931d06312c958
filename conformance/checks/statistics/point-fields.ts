import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { probedStatisticsProperty } from './support/probed-statistics-property.ts';

/** Seconds in a day. */
const DAY_S = 86_400;

const isNumberOrNull = (value: unknown): boolean =>
  value === null || (typeof value === 'number' && Number.isFinite(value));

/**
 * What §4 rule 1 says a point holds, whatever its fields are called: an epoch-second date (an
 * integer), a valid-observation count (an integer ≥ 0), an average, a minimum and a maximum
 * (numbers, or null when missing — never text); a raw point is a single sample (D74). The names
 * and the rest of the answer's shape are the profile check STATISTICS-SCHEMA's.
 */
export const pointFields = defineCheck({
  id: 'STATISTICS-POINT-FIELDS',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rule 1 ("an epoch-second date, a valid observation count, an average, a minimum and a maximum")',
  level: 'must',
  title: 'A statistics point holds an epoch-second date, a count and numeric or null aggregates',
  covers: ['S4.STATS.1'],
  decisions: ['D74'],
  async run(ctx) {
    await probedStatisticsProperty(ctx, (response, request, points, fields) => {
      // An epoch-second date of the range asked for, give or take a bucket: which instant keys a
      // week's or a month's bucket (its start, clipped or not, or its end) is open (D11), so a
      // month either side. A date in another unit — milliseconds, minutes, days — falls far outside.
      const earliest = Date.parse(`${request.from}T00:00:00Z`) / 1000 - 31 * DAY_S;
      const latest = Date.parse(`${request.to}T00:00:00Z`) / 1000 + 32 * DAY_S;
      for (const point of points) {
        const date = point.date as number;
        expectThat(
          response,
          !Number.isInteger(date) || (date >= earliest && date < latest),
          `A statistics point's ${fields.date} is not an epoch-second date of the range asked for`,
          `${fields.date} in epoch seconds, in [${earliest}, ${latest}) (${request.from} .. the end of ${request.to}, a month's bucket either side)`,
          `${fields.date} ${String(point.date)}${date >= latest * 100 ? ' (epoch milliseconds?)' : ''}`,
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
        // D74: a raw point is one crawler sample, so it holds one valid observation or none, and
        // with one its minimum, average and maximum are that observation.
        if (request.resolution !== 'raw' || typeof point.count !== 'number') continue;
        const single =
          point.count <= 1 &&
          (point.count === 0 ||
            point.average === null ||
            (point.min === point.average && point.max === point.average));
        expectThat(
          response,
          single,
          `A raw statistics point holds more than one observation`,
          `${fields.count} 0 or 1 (raw: individual samples), and with 1 ${fields.min} = ${fields.average} = ${fields.max}`,
          JSON.stringify(point),
        );
      }
    });
  },
});
