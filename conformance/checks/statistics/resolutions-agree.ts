import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { expectThat } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { fewPlayersGameId } from './support/few-players-game.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { fetchStatistics } from './support/fetch-statistics.ts';
import { pointsOf, type NamedPoint, type PointFields } from './support/point-fields.ts';
import { namedStatisticsQuery, requireNames, type StatisticsNames } from './support/probe-names.ts';
import { statisticsPath } from './support/statistics-path.ts';
import { METRICS } from './support/statistics-vocabulary.ts';

const DAY = 86_400;
const HOUR = 3_600;
/** Float noise of a weighted mean. */
const NOISE = 1e-9;

/**
 * How far an answer's averages may be from the means they stand for (D7 names no precision): one
 * unit of the finest decimal place its averages show (rounding or truncation to that place), at
 * most six; a whole unit when they show none.
 */
function precisionSlack(points: readonly Observed[]): number {
  let decimals = 0;
  for (const point of points) {
    if (point.average === null || Number.isInteger(point.average)) continue;
    const fraction = String(point.average).split('.')[1] ?? '';
    decimals = Math.max(decimals, /e/i.test(fraction) ? 6 : fraction.length);
  }
  return 10 ** -Math.min(decimals, 6);
}
/** Days of one case: a day's 24 hours each, within the 1,000 points a query holds. */
const MAX_DAYS = 7;

interface Observed {
  date: number;
  count: number;
  average: number | null;
  min: number | null;
  max: number | null;
}

function observed(point: NamedPoint): Observed | undefined {
  const { date, count, average, min, max } = point;
  if (typeof date !== 'number' || typeof count !== 'number' || !Number.isInteger(count) || count < 0)
    return undefined;
  const orNull = (value: unknown) => (typeof value === 'number' ? value : null);
  return { date, count, average: orNull(average), min: orNull(min), max: orNull(max) };
}

/**
 * The hours of a day's bucket, whichever way a server keys an hour (by its start or its end):
 * the keying under which the hours' observation counts add up to the day's. Undefined when
 * neither does (a day keyed otherwise, or data that moved between the two answers): no verdict.
 */
function hoursOf(day: Observed, hours: readonly Observed[]): Observed[] | undefined {
  for (const shift of [0, HOUR]) {
    const within = hours.filter(
      (hour) => hour.date >= day.date + shift && hour.date < day.date + DAY + shift,
    );
    if (within.reduce((sum, hour) => sum + hour.count, 0) === day.count) return within;
  }
  return undefined;
}

/**
 * §4 statistics rule 1: each point holds "a valid observation count, an average, a minimum and a
 * maximum" of its bucket; a day's bucket holds the observations of its 24 hours. So, for a day
 * whose hours' counts add up to its own (which tells that the two answers bucket alike), the
 * day's minimum is the least of its hours' minimums, its maximum the greatest of their maximums,
 * and its average the observations' mean: the hours' averages weighted by their counts, within
 * the precision each answer shows (D7: any precision; a unit of the finest decimal place its
 * averages show, a whole unit when they show none). A day's average taken as the middle of its extremes, a
 * minimum that skips an hour, a mean of the hours' averages unweighted fail. First case: the
 * players of the last week of the game of the fewest players, at least two (1 request: the
 * hourly answer is STATISTICS-MIN-AVERAGE-MAX's first).
 */
export const resolutionsAgree = defineCheck({
  id: 'STATISTICS-RESOLUTIONS-AGREE',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rule 1 (resolutions; "a valid observation count, an average, a minimum and a maximum")',
  level: 'must',
  title:
    "A day's point agrees with its hours' points: the least minimum, the greatest maximum, the weighted mean",
  covers: ['S4.STATS.1'],
  decisions: ['D7', 'D70'],
  comparesAnswers: true,
  async run(ctx) {
    const names = await requireNames(ctx, ['metricParam', 'resolutionParam', 'pointFields']);
    if (names.pointFields.by === 'order') {
      ctx.skip(
        'the point fields were told apart only by min ≤ average ≤ max; state statistics.fields in a profile',
      );
    }
    const today = utcDateOf(ctx.discovery.serverNow());
    // The first case shares its hourly answer with STATISTICS-MIN-AVERAGE-MAX's (the run's cache
    // answers it): the players of the last week, hourly, of the game of the fewest players, at
    // least two; then the same week daily.
    const firstId = fewPlayersGameId(ctx.discovery);
    const days = fc.record({
      metric: fc.oneof(
        { arbitrary: fc.constant('players'), weight: 3 },
        { arbitrary: fc.constantFrom(...METRICS), weight: 1 },
      ),
      daysAgo: fc.integer({ min: 0, max: 60 }),
      days: fc.integer({ min: 1, max: MAX_DAYS }),
    });
    await ctx.property(
      [playersGameId(ctx), days],
      async (id, { metric, daysAgo, days: span }) => {
        const to = addDays(today, -daysAgo);
        await judgeDays(ctx, names, id, metric, addDays(to, -(span - 1)), to);
      },
      {
        examples: firstId === undefined ? [] : [[firstId, { metric: 'players', daysAgo: 0, days: MAX_DAYS }]],
      },
    );
  },
});

async function judgeDays(
  ctx: CheckContext,
  names: StatisticsNames & { pointFields: PointFields },
  id: number,
  metric: string,
  from: string,
  to: string,
): Promise<void> {
  const path = statisticsPath(id);
  const ask = async (resolution: string): Promise<{ response: ApiResponse; points?: Observed[] }> => {
    const { response, ready } = await fetchStatistics(
      ctx,
      path,
      namedStatisticsQuery(names, { metric, resolution, from, to }),
    );
    if (!ready) return { response };
    const points = pointsOf(response.body, names.pointFields).map(observed);
    return { response, points: points.every((p) => p !== undefined) ? (points as Observed[]) : undefined };
  };
  const hourly = await ask('hourly');
  if (hourly.points === undefined) return;
  const daily = await ask('daily');
  if (daily.points === undefined) return;
  // Every hour with observations lies in a day with observations: a daily answer that keeps the
  // first day only, or drops days, fails. The day's point may be keyed by its start or its end
  // (D7), so the day before, of, or after the hour's start answers for it.
  const observedDays = new Set(daily.points.filter((day) => day.count > 0).map((day) => day.date));
  const orphan = hourly.points.find((hour) => {
    if (hour.count === 0) return false;
    const day = Math.floor(hour.date / DAY) * DAY;
    return ![day - DAY, day, day + DAY].some((date) => observedDays.has(date));
  });
  expectThat(
    daily.response,
    orphan === undefined,
    `The daily points of ${metric} of game ${id} leave out a day its hourly points have observations on`,
    `a daily point with observations for ${orphan === undefined ? 'every day' : utcDateOf(orphan.date * 1000)} (its hour ${orphan?.date} counts ${orphan?.count})`,
    `daily points with observations on ${[...observedDays].map((date) => utcDateOf(date * 1000)).join(', ') || 'no day'}`,
  );
  // The day's average and its hours' weighted mean each within its answer's precision.
  const slack = precisionSlack(daily.points) + precisionSlack(hourly.points) + NOISE;
  for (const day of daily.points) {
    if (day.count === 0 || day.date % DAY !== 0) continue;
    const hours = hoursOf(day, hourly.points)?.filter((hour) => hour.count > 0);
    if (hours === undefined || hours.length === 0) continue;
    const what = `${metric} of game ${id} on ${utcDateOf(day.date * 1000)}`;
    const extremes = [
      { field: 'min', name: 'minimum', of: 'the least', pick: Math.min },
      { field: 'max', name: 'maximum', of: 'the greatest', pick: Math.max },
    ] as const;
    for (const { field, name, of, pick } of extremes) {
      const values = hours.map((hour) => hour[field]).filter((value): value is number => value !== null);
      if (day[field] === null || values.length !== hours.length) continue;
      const expected = pick(...values);
      expectThat(
        daily.response,
        day[field] === expected,
        `The daily point of ${what} has another ${name} than its hours`,
        `${name} ${expected}, ${of} of its ${hours.length} hourly points' ${name}s (the hourly answer)`,
        `${name} ${day[field]}`,
      );
    }
    const averaged = hours.filter((hour) => hour.average !== null);
    if (day.average !== null && averaged.length === hours.length) {
      const mean = averaged.reduce((sum, hour) => sum + hour.count * hour.average!, 0) / day.count;
      expectThat(
        daily.response,
        Math.abs(day.average - mean) <= slack,
        `The daily point of ${what} does not average its observations`,
        `average ${mean.toFixed(3)} (its hours' averages weighted by their counts; within ${slack.toPrecision(2)}, the precision the two answers show)`,
        `average ${day.average}`,
      );
    }
  }
}
