import { defineCheck } from '../../src/core/check.ts';
import { probedStatisticsProperty } from './support/probed-statistics-property.ts';
import { expectThat } from '../../src/core/expect.ts';
import { requireNames } from './support/probe-names.ts';
import { fewPlayersGameId, fewPlayersWeek } from './support/few-players-game.ts';

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
    const names = await requireNames(ctx, ['pointFields']);
    const { pointFields } = names;
    if (pointFields.by === 'order') {
      ctx.skip(
        `the point fields were told apart only by min ≤ average ≤ max itself (${pointFields.min}, ${pointFields.average}, ${pointFields.max}); state statistics.fields in a profile`,
      );
    }
    const firstId = await fewPlayersGameId(ctx, names);
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
      // First the players of the last week, hourly, of the game of the fewest players, at least
      // two: points of two observations each (a crawl every half hour), where min and max fix the
      // average. Its hours hold both kinds of point a minimum goes wrong on: one mixing 0 with
      // players (a minimum that skips or replaces a 0) and one of two or more players throughout
      // (a minimum stuck at its initial 0 moves the middle past any rounding); a busy game has no
      // 0, a quiet one's 0 and 1 sit within the rounding. Measured with this case alone at 8
      // instants over two days: a minimum stuck at 0 caught at all 8, one that replaces a 0 at 7
      // (the busiest game's two days, the case before: 8 and 0).
      (today) => (firstId === undefined ? [] : [[firstId, fewPlayersWeek(today)]]),
    );
  },
});
