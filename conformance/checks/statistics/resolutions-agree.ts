import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { addDays, utcDateOf, utcWeekdayOf } from '../../src/core/dates.ts';
import { expectThat } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { busiestGameId, fewPlayersGameId } from './support/few-players-game.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { fetchStatistics } from './support/fetch-statistics.ts';
import { pointsOf, type PointFields } from './support/point-fields.ts';
import { agreesUnderOneReading, judgeBucket, observed, type Observed } from './support/bucket-agreement.ts';
import { namedStatisticsQuery, requireAggregateNames, type StatisticsNames } from './support/probe-names.ts';
import { statisticsPath } from './support/statistics-path.ts';
import { mostlyPlayers } from './arbitraries/mostly-players.ts';
import { precisionSlack } from './support/average-precision.ts';

const DAY = 86_400;
const HOUR = 3_600;
/** Float noise of a weighted mean. */
const NOISE = 1e-9;

/** Days of one case: a day's 24 hours each, within the 1,000 points a query holds. */
const MAX_DAYS = 7;

/**
 * The readings of a day's hours, whichever way a server keys a day and an hour (D7: by its start
 * or its end): each keying under which the hours' observation counts add up to the day's. With
 * even counts several may; none when the day is keyed otherwise or data moved between the two
 * answers (no verdict).
 */
function hoursOf(day: Observed, hours: readonly Observed[]): Observed[][] {
  // Offsets of the hours' keys from the day's: both by start; the hour by its end; both by
  // their end; the day by its end.
  return [0, HOUR, HOUR - DAY, -DAY].flatMap((shift) => {
    const within = hours.filter(
      (hour) => hour.date >= day.date + shift && hour.date < day.date + DAY + shift,
    );
    return within.reduce((sum, hour) => sum + hour.count, 0) === day.count ? [within] : [];
  });
}

/**
 * §4 statistics rule 1: each point holds "a valid observation count, an average, a minimum and a
 * maximum" of its bucket; a day's bucket holds the observations of its 24 hours. So, for a day
 * whose hours' counts add up to its own (which tells that the two answers bucket alike; a day and
 * an hour may each be keyed by its start or its end, D7, and one reading that agrees passes), the
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
    const names = await requireAggregateNames(ctx);
    const today = utcDateOf(ctx.discovery.serverNow());
    // The first case shares its hourly answer with STATISTICS-MIN-AVERAGE-MAX's (the run's cache
    // answers it): the players of the last week, hourly, of the game of the fewest players, at
    // least two; then the same week daily.
    const firstId = await fewPlayersGameId(ctx, names);
    const busiestId = busiestGameId(ctx.discovery);
    const days = fc.record({
      metric: mostlyPlayers(),
      daysAgo: fc.integer({ min: 0, max: 60 }),
      days: fc.integer({ min: 1, max: MAX_DAYS }),
      coarse: fc.constantFrom('weekly' as const, 'monthly' as const),
      // Weekly points asked too, after the coarse ones: the second case's, on a Monday.
      weeklyToo: fc.constant(false),
    });
    await ctx.property(
      [playersGameId(ctx), days],
      async (id, { metric, daysAgo, days: span, coarse, weeklyToo }) => {
        const to = addDays(today, -daysAgo);
        const coarser =
          coarse === undefined ? [] : weeklyToo ? [...new Set([coarse, 'weekly' as const])] : [coarse];
        await judgeDays(ctx, names, id, metric, addDays(to, -(span - 1)), to, coarser, to < today);
      },
      {
        // The first case is two requests (hourly, daily); the second asks the busiest game's
        // week up to today (a partial day, unlike the others: a week's point that averages its
        // days' averages shows there), by the week it is in — the month's when today is a Monday,
        // and then by the weeks too (else on a Monday no case within the first two would ask for
        // weekly points, and a budget that affords two cases would not see a weekly answer at all).
        examples:
          firstId === undefined || busiestId === undefined
            ? []
            : [
                [
                  firstId,
                  { metric: 'players', daysAgo: 0, days: MAX_DAYS, coarse: undefined, weeklyToo: false },
                ],
                [
                  busiestId,
                  { metric: 'players', daysAgo: 0, days: MAX_DAYS, coarse: openedBy(today), weeklyToo: true },
                ],
                // A past week ending yesterday, against the week or month it starts in (whichever
                // it does not start with): a first bucket that is not clipped to `from` counts the
                // days before it too.
                [
                  firstId,
                  {
                    metric: 'players',
                    daysAgo: 1,
                    days: MAX_DAYS,
                    coarse: clippedBy(today),
                    weeklyToo: false,
                  },
                ],
              ],
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
  coarser: ReadonlyArray<'weekly' | 'monthly'>,
  past: boolean,
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
    const readings = hoursOf(day, hourly.points)
      .map((hours) => hours.filter((hour) => hour.count > 0))
      .filter((hours) => hours.length > 0);
    agreesUnderOneReading(readings, (hours) =>
      judgeBucket(daily.response, day, hours, slack, {
        what: `${metric} of game ${id} on ${utcDateOf(day.date * 1000)}`,
        point: 'daily point',
        parts: 'hourly points',
      }),
    );
  }
  // A week's or a month's point against its days' (D11 leaves their keys open: the days are
  // found by their counts), in the later cases only (the first stays two requests).
  const days = { response: daily.response, points: daily.points };
  for (const coarse of coarser) await judgeCoarse(ask, days, metric, id, from, to, coarse, past);
}

/** The week's or month's points of the range against its days' (`daily`). */
async function judgeCoarse(
  ask: (resolution: string) => Promise<{ response: ApiResponse; points?: Observed[] }>,
  daily: { response: ApiResponse; points: Observed[] },
  metric: string,
  id: number,
  from: string,
  to: string,
  coarse: 'weekly' | 'monthly',
  past: boolean,
): Promise<void> {
  const wide = await ask(coarse);
  if (wide.points === undefined) return;
  // Every day with observations lies in a week or month with observations, keyed within a week
  // or a month of it either way (D11 leaves the keys open): an answer with no points, or that
  // drops buckets, fails.
  const span = SPAN_DAYS[coarse] * DAY;
  const observedBuckets = wide.points.filter((bucket) => bucket.count > 0).map((bucket) => bucket.date);
  const lone = daily.points.find(
    (day) => day.count > 0 && !observedBuckets.some((date) => Math.abs(date - day.date) <= span),
  );
  expectThat(
    wide.response,
    lone === undefined,
    `The ${coarse} points of ${metric} of game ${id} leave out a day its daily points have observations on`,
    `a ${coarse} point with observations within ${SPAN_DAYS[coarse]} days of ${lone === undefined ? 'every such day' : utcDateOf(lone.date * 1000)} (it counts ${lone?.count})`,
    `${coarse} points with observations keyed ${observedBuckets.map((date) => utcDateOf(date * 1000)).join(', ') || 'nowhere'}`,
  );
  // D11: whatever keys the buckets, they hold the range's observations only — the first one
  // clipped to `from` — so over a range that has ended (no observation arrives in between) they
  // count no more than its days do.
  if (past) {
    const total = (points: readonly Observed[]) => points.reduce((sum, point) => sum + point.count, 0);
    const [inBuckets, inDays] = [total(wide.points), total(daily.points)];
    expectThat(
      wide.response,
      inBuckets <= inDays,
      `The ${coarse} points of ${metric} of game ${id} count more observations from ${from} to ${to} than its daily points`,
      `at most the daily points' ${inDays} observations (a ${coarse} point holds the range's only: the first clipped to ${from})`,
      `${inBuckets} observations in the ${coarse} points`,
    );
  }
  const wideSlack = precisionSlack(wide.points) + precisionSlack(daily.points) + NOISE;
  for (const [bucket, days] of daysOfBuckets(wide.points, daily.points, coarse)) {
    judgeBucket(wide.response, bucket, days, wideSlack, {
      what: `${metric} of game ${id} from ${utcDateOf(days[0]!.date * 1000)} to ${utcDateOf(days.at(-1)!.date * 1000)}`,
      point: `${coarse} point`,
      parts: 'daily points',
    });
  }
}

/**
 * The coarser resolution whose first bucket the week ending yesterday cuts: the week's, unless
 * that week starts on a Monday (ISO weeks), then the month's.
 */
function clippedBy(today: string): 'weekly' | 'monthly' {
  const from = addDays(today, -MAX_DAYS);
  return utcWeekdayOf(from) === 1 ? 'monthly' : 'weekly';
}

/**
 * The coarser resolution whose bucket holding today holds an earlier day of the week ending today
 * too: the week's, unless today is a Monday (ISO weeks), then the month's.
 */
function openedBy(today: string): 'weekly' | 'monthly' {
  return utcWeekdayOf(today) === 1 ? 'monthly' : 'weekly';
}

/** The most days a week's or a month's bucket holds. */
const SPAN_DAYS = { weekly: 7, monthly: 31 } as const;

/**
 * Each week's or month's point with observations and the days it holds, found by the counts: when
 * the two answers count the same observations in all (so both clip the range alike, and no data
 * moved in between), the buckets, in date order, hold consecutive runs of days, and the days with
 * observations taken in turn until their counts add up to each bucket's are its days — the
 * prefix sums rise with every such day, so there is one way. No verdict (nothing returned) when
 * the totals differ, a bucket's days do not add up to it, or they span more than a week or month.
 */
function daysOfBuckets(
  buckets: readonly Observed[],
  days: readonly Observed[],
  coarse: 'weekly' | 'monthly',
): Array<[Observed, Observed[]]> {
  const total = (points: readonly Observed[]) => points.reduce((sum, point) => sum + point.count, 0);
  if (total(buckets) !== total(days)) return [];
  const found: Array<[Observed, Observed[]]> = [];
  const observedDays = [...days].filter((day) => day.count > 0).sort((a, b) => a.date - b.date);
  let next = 0;
  for (const bucket of [...buckets].sort((a, b) => a.date - b.date)) {
    if (bucket.count === 0) continue;
    const taken: Observed[] = [];
    let sum = 0;
    while (sum < bucket.count && next < observedDays.length) {
      const day = observedDays[next++]!;
      taken.push(day);
      sum += day.count;
    }
    if (sum !== bucket.count || taken.at(-1)!.date - taken[0]!.date >= SPAN_DAYS[coarse] * DAY) return [];
    found.push([bucket, taken]);
  }
  return found;
}
