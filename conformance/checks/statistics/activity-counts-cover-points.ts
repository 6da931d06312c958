import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { addDays, DAY_MS, utcDateOf } from '../../src/core/dates.ts';
import { expectThat } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { longestUnreached } from '../harness/longest-unreached.ts';
import { cellReadings } from './support/cell-fields.ts';
import { fetchStatistics } from './support/fetch-statistics.ts';
import { fewPlayersGameId } from './support/few-players-game.ts';
import { longestObjectArray } from './support/object-arrays.ts';
import { pointsOf, type PointFields } from './support/point-fields.ts';
import {
  namedActivityQuery,
  namedStatisticsQuery,
  requireAggregateNames,
  type StatisticsNames,
} from './support/probe-names.ts';
import { activityPatternPath, statisticsPath } from './support/statistics-path.ts';
import { precisionSlack } from './support/average-precision.ts';
import { longestHistoryGameId } from '../harness/long-history.ts';

/** Days of one drawn case: up to the 90 an activity range may span (§4 statistics rule 2). */
const MAX_DAYS = 90;
/** The most days hourly points cover within the 1,000 a query holds; longer ranges are compared with daily points. */
const HOURLY_MAX_DAYS = 41;
/** The days of a stopped game's case (its last three weeks). */
const STOPPED_DAYS = 21;
/** The first case's days: the week STATISTICS-MIN-AVERAGE-MAX asks; the second's, two weeks (cells of three observations and more). */
const FIRST_DAYS = 7;
const SECOND_DAYS = 14;

/**
 * §4 statistics rules 1–2: the activity pattern "takes the same dates" as the statistics and its
 * cells count observations, as each statistics point holds "a valid observation count". So over
 * the same dates, in UTC (the pattern's default zone), the 168 cells count at least the
 * observations the hourly points of `players` count between them (D72: ours count the same; a
 * pattern may count observations the statistics leave out as not valid, never fewer). The
 * pattern is asked after the statistics, so data that moved in between only adds to it. Cells
 * counting days, or only the hours' first crawls, fail. Judged under every reading of the cells
 * whose counts the structure allows (support/cell-fields.ts): it fails only when none covers
 * the points. First case: the last week of the game of the fewest players, at least two (1
 * request: the hourly answer is STATISTICS-MIN-AVERAGE-MAX's first); second: the last 90 days, the
 * longest range, of the game with the longest history, against daily points; third: the first
 * game's last two weeks; fourth: the last three weeks
 * of the game gone longest without a successful connect.
 */
export const activityCountsCoverPoints = defineCheck({
  id: 'STATISTICS-ACTIVITY-COUNTS-COVER-POINTS',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rules 1–2 ("a valid observation count"; "takes the same dates"; "168 weekday/hour cells with counts")',
  level: 'must',
  title: 'The activity cells count at least the observations the statistics points count over the same dates',
  covers: ['S4.STATS.1', 'S4.STATS.2'],
  decisions: ['D7', 'D12', 'D72'],
  comparesAnswers: true,
  async run(ctx) {
    const names = await requireAggregateNames(ctx);
    const today = utcDateOf(ctx.discovery.serverNow());
    const firstId = await fewPlayersGameId(ctx, names);
    const stoppedId = longestUnreached(ctx.discovery.games)?.id;
    const longestId = longestHistoryGameId(ctx.discovery) ?? firstId;
    let judged = 0;
    const range = fc.record({
      daysAgo: fc.integer({ min: 0, max: 60 }),
      days: fc.integer({ min: 1, max: MAX_DAYS }),
    });
    await ctx.property(
      [playersGameId(ctx), range],
      async (id, { daysAgo, days }) => {
        const to = addDays(today, -daysAgo);
        if (await judgeRange(ctx, names, id, addDays(to, -(days - 1)), to)) judged += 1;
      },
      {
        examples: [
          ...(firstId === undefined
            ? []
            : [
                lastDaysCase(firstId, FIRST_DAYS),
                // The longest range (90 days up to today) of the game with the longest history,
                // against its daily points: a long range read in chunks, or from a roll-up of
                // whole days, is read otherwise than a short one.
                ...(longestId === undefined ? [] : [lastDaysCase(longestId, MAX_DAYS)]),
                lastDaysCase(firstId, SECOND_DAYS),
              ]),
          // The game gone longest without a successful connect, its last weeks: points past its
          // last crawl (a roll-up carrying its last values on, counting failed crawls) count
          // observations no sample holds.
          ...(stoppedId === undefined ? [] : [lastDaysCase(stoppedId, STOPPED_DAYS)]),
        ],
      },
    );
    if (judged === 0) ctx.skip('no game had both answers ready with observations to compare');
  },
});

/** A case of the last `days` days up to today of game `id`. */
function lastDaysCase(id: number, days: number): [number, { daysAgo: number; days: number }] {
  return [id, { daysAgo: 0, days }];
}

/** Whether the range could be judged (both answers ready, points and cells read). */
async function judgeRange(
  ctx: CheckContext,
  names: StatisticsNames & { pointFields: PointFields },
  id: number,
  from: string,
  to: string,
): Promise<boolean> {
  // Hourly points where 1,000 of them cover the range, daily points beyond: either counts the
  // observations of the range.
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  const resolution = days <= HOURLY_MAX_DAYS ? 'hourly' : 'daily';
  const statistics = await fetchStatistics(
    ctx,
    statisticsPath(id),
    namedStatisticsQuery(names, { metric: 'players', resolution, from, to }),
  );
  if (!statistics.ready) return false;
  const points = pointsOf(statistics.response.body, names.pointFields);
  const counts = points.map((point) => point.count);
  if (!counts.every((count) => typeof count === 'number' && Number.isInteger(count) && count >= 0))
    return false;
  const observed = (counts as number[]).reduce((sum, count) => sum + count, 0);
  if (observed === 0) return false;
  const mass = massOf(points);
  const activity = await fetchStatistics(
    ctx,
    activityPatternPath(id),
    namedActivityQuery(names, { from, to }),
  );
  if (!activity.ready) return false;
  const cells = longestObjectArray(activity.response.body);
  if (cells?.length !== 168) return false; // STATISTICS-ACTIVITY-CELL-COUNT's finding
  const readings = cellReadings(cells.items);
  if (readings.length === 0) return false;
  const totals = [...new Set(readings.map((reading) => reading.count))].map((field) => ({
    field,
    total: cells.items.reduce((sum, cell) => sum + (cell[field] as number), 0),
  }));
  const best = totals.sort((a, b) => b.total - a.total)[0]!;
  expectThat(
    activity.response,
    best.total >= observed,
    `The activity cells of game ${id} from ${from} to ${to} count fewer observations than its ${resolution} points`,
    `at least ${observed} observations in the 168 cells (the ${resolution} players points' counts over the same dates, UTC)`,
    `${best.total} in all (${best.field}${totals.length > 1 ? `, the largest of ${totals.map((t) => `${t.field} ${t.total}`).join(', ')}` : ''})`,
  );
  // Where the cells count exactly the points' observations, they are the same samples: what the
  // cells with an average hold in all (count × average) is the points' total less what the cells
  // without one hold, which lies between their count times the least and the greatest sample.
  const exact = new Set(totals.filter(({ total }) => total === observed).map(({ field }) => field));
  const same = readings.filter((reading) => exact.has(reading.count));
  if (mass === undefined || same.length === 0) return true;
  const judged = same.map((reading) => {
    let held = 0;
    let unaveraged = 0;
    for (const cell of cells.items) {
      const count = cell[reading.count] as number;
      const average = cell[reading.average];
      if (typeof average === 'number') held += count * average;
      else unaveraged += count;
    }
    const slack =
      observed *
        (precisionSlack(cells.items.map((cell) => ({ average: cell[reading.average] }))) + mass.slack) +
      1e-6;
    const low = mass.total - unaveraged * mass.max - slack;
    const high = mass.total - unaveraged * mass.min + slack;
    return { reading, held, low, high, within: held >= low && held <= high };
  });
  const shown = judged[0]!;
  expectThat(
    activity.response,
    judged.some((j) => j.within),
    `The activity cells of game ${id} from ${from} to ${to} do not average the samples they count`,
    `count × average over the cells with an average between ${shown.low.toFixed(2)} and ${shown.high.toFixed(2)} (the ${resolution} points hold ${mass.total.toFixed(2)} over the same ${observed} observations; samples from ${mass.min} to ${mass.max})`,
    `${shown.held.toFixed(2)} (${shown.reading.count} × ${shown.reading.average})`,
  );
  return true;
}

/**
 * What the points hold in all (count × average), their least minimum and greatest maximum,
 * and the precision their averages show; undefined when a point with observations lacks one.
 */
function massOf(
  points: ReadonlyArray<{ count?: unknown; average?: unknown; min?: unknown; max?: unknown }>,
): { total: number; min: number; max: number; slack: number } | undefined {
  let total = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const { count, average, min: low, max: high } of points) {
    if (count === 0) continue;
    if (typeof count !== 'number' || typeof average !== 'number') return undefined;
    if (typeof low !== 'number' || typeof high !== 'number') return undefined;
    total += count * average;
    min = Math.min(min, low);
    max = Math.max(max, high);
  }
  return { total, min, max, slack: precisionSlack(points.map(({ average }) => ({ average }))) };
}
