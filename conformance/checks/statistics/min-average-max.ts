import { defineCheck } from '../../src/core/check.ts';
import { probedStatisticsProperty } from './support/probed-statistics-property.ts';
import { addDays } from '../../src/core/dates.ts';
import { expectThat } from '../../src/core/expect.ts';
import { requireNames } from './support/probe-names.ts';

/** The average may be rounded (D7 names no precision): allow it to sit a hair outside [min, max]. */
const ROUNDING_SLACK = 0.01;

/** Half a unit: the most any rounding of an average (to whole units or finer) moves it. */
const ANY_ROUNDING = 0.5 + 1e-9;

/**
 * "An average, a minimum and a maximum" (§4 statistics rule 1) under the probed names; and what
 * arithmetic fixes whatever the precision: one observation is its own minimum, maximum and
 * average; two average to the middle of their minimum and maximum. When
 * only their ordering told the fields apart (probe-names.ts), the check has nothing to judge.
 */
export const minAverageMax = defineCheck({
  id: 'STATISTICS-MIN-AVERAGE-MAX',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 1 ("an average, a minimum and a maximum")',
  level: 'must',
  title: 'A point with observations has min ≤ average ≤ max; one or two observations fix the average',
  covers: ['S4.STATS.1'],
  async run(ctx) {
    const { pointFields } = await requireNames(ctx, ['pointFields']);
    if (pointFields.by === 'order') {
      ctx.skip(
        `the point fields were told apart only by min ≤ average ≤ max itself (${pointFields.min}, ${pointFields.average}, ${pointFields.max}); state statistics.fields in a profile`,
      );
    }
    await probedStatisticsProperty(
      ctx,
      (response, request, points, fields) => {
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
          const { count } = point;
          if (count === 1) {
            expectThat(
              response,
              min === max && Math.abs(average - min) <= ANY_ROUNDING,
              'A point of one observation has a minimum, maximum and average that differ',
              `one value: ${fields.min} = ${fields.max}, and ${fields.average} that value (to any rounding)`,
              JSON.stringify(point),
            );
          } else if (count === 2) {
            expectThat(
              response,
              Math.abs(average - (min + max) / 2) <= ANY_ROUNDING,
              'A point of two observations does not average to the middle of its minimum and maximum',
              `${fields.average} (${fields.min} + ${fields.max}) / 2 = ${(min + max) / 2} (to any rounding)`,
              JSON.stringify(point),
            );
          }
        }
      },
      // First the players of the last two days, hourly, of the busiest game seen: points of two
      // observations each (a crawl every half hour), where the average is fixed by min and max,
      // and values far from 0 (a quiet game's 0 and 1 hide a minimum stuck at 0).
      (today) => {
        const busiest = [...ctx.discovery.games].sort(
          (a, b) => (b.status.latest_players ?? -1) - (a.status.latest_players ?? -1),
        )[0];
        const id = busiest?.status.latest_players ? busiest.id : ctx.discovery.gameWithPlayersId;
        return id === undefined
          ? undefined
          : [id, { metric: 'players', resolution: 'hourly', from: addDays(today, -1), to: today, days: 2 }];
      },
    );
  },
});
