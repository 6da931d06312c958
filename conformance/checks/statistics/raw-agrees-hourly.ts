import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { addDays, utcDateOf, utcMidnightMs } from '../../src/core/dates.ts';
import { failWith } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { fewPlayersGameId } from './support/few-players-game.ts';
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
/** The hourly answer's days: a week (168 points, within the 1,000 a query holds). */
const WEEK = 7;
/** §4 rule 1: "at most 1,000 points" — a raw answer that reaches it may have been cut. */
const POINT_CAP = 1_000;

/** An hour's window, by how a server keys it (D7 leaves the key open: its start or its end). */
interface Keying {
  name: string;
  /** The epoch seconds [from, to) an hour keyed `hourKey` holds (dates are whole seconds). */
  window: (hourKey: number) => [number, number];
}

const KEYINGS: readonly Keying[] = [
  { name: 'keyed by its start', window: (h) => [h, h + HOUR] },
  { name: 'keyed by its end, (H-1h, H]', window: (h) => [h - HOUR + 1, h + 1] },
  { name: 'keyed by its end, [H-1h, H)', window: (h) => [h - HOUR, h] },
];

function holds(keying: Keying, hourKey: number, date: number): boolean {
  const [from, to] = keying.window(hourKey);
  return date >= from && date < to;
}

/** The key of the hour that holds an epoch second: the hour it falls in or the next one. */
function keyOf(keying: Keying, date: number): number {
  const hour = Math.floor(date / HOUR) * HOUR;
  return holds(keying, hour, date) ? hour : hour + HOUR;
}

/**
 * The valid observations a raw point stands for: its count, unless it holds no value at all
 * ("missing values are null": a sample whose values are all null observed nothing valid).
 */
function rawCount(point: Observed): number {
  return point.average === null && point.min === null && point.max === null ? 0 : point.count;
}

/** The valid observations of some raw points. */
function rawObservations(points: readonly Observed[]): number {
  return points.reduce((sum, point) => sum + rawCount(point), 0);
}

/** The observations some hourly points count. */
function counted(points: readonly Observed[]): number {
  return points.reduce((sum, point) => sum + point.count, 0);
}

interface Day {
  raw: { response: ApiResponse; points: Observed[] };
  hourly: { response: ApiResponse; points: Observed[] };
}

/**
 * §4 statistics rule 1: the resolutions bucket one series — `raw` its samples, `hourly` its
 * hours — and each point holds "a valid observation count, an average, a minimum and a maximum"
 * of its bucket (D80). So over a day that has ended, an hour's point counts the raw points inside
 * it, and its minimum, maximum and average are the least, the greatest and the count-weighted
 * mean of theirs (within the precision each answer shows, D7). An hour is judged whole inside the
 * day the raw answer covers; its window may be keyed by its start or its end (whichever makes
 * every hour's count match). A raw resolution that answers no samples, keeps one an hour, or
 * reports another series than the hours aggregate fails; an answer at the 1,000-point cap, or
 * points that are not epoch seconds, give no verdict. Where no keying matches, both are asked
 * again past the run's cache (data may have moved) before the verdict. The hours are read from
 * the hourly answer of the week ending today (STATISTICS-MIN-AVERAGE-MAX's first, for the first
 * case). First case: yesterday's players of the game of the fewest players (1 request, the raw).
 */
export const rawAgreesHourly = defineCheck({
  id: 'STATISTICS-RAW-AGREES-HOURLY',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rule 1 (resolutions "raw", "hourly"; "a valid observation count, an average, a minimum and a maximum")',
  level: 'must',
  title: "An hour's point counts and aggregates the raw points inside it",
  covers: ['S4.STATS.1'],
  decisions: ['D7', 'D8', 'D80'],
  comparesAnswers: true,
  async run(ctx) {
    const names = await requireAggregateNames(ctx);
    const today = utcDateOf(ctx.discovery.serverNow());
    const firstId = await fewPlayersGameId(ctx, names);
    const day = fc.record({
      metric: mostlyPlayers(),
      // Days that have ended (no sample arrives between the two answers), within the week.
      daysAgo: fc.integer({ min: 1, max: WEEK - 1 }),
    });
    await ctx.property(
      [playersGameId(ctx), day],
      async (id, { metric, daysAgo }) =>
        judgeDay(ctx, names, { id, metric, today, date: addDays(today, -daysAgo) }),
      { examples: firstId === undefined ? [] : [[firstId, { metric: 'players', daysAgo: 1 }]] },
    );
  },
});

/** One case: a game's metric on a day that has ended, read with the week ending today. */
interface DayCase {
  id: number;
  metric: string;
  today: string;
  date: string;
}

async function judgeDay(
  ctx: CheckContext,
  names: StatisticsNames & { pointFields: PointFields },
  asked: DayCase,
): Promise<void> {
  const what = `${asked.metric} of game ${asked.id} on ${asked.date}`;
  const start = utcMidnightMs(asked.date) / 1000;
  let again: Day | undefined;
  // Where no keying matches every hour's count, data may have moved between the answers: both
  // are asked again past the cache, and those judged.
  for (const fresh of [false, true]) {
    again = await askDay(ctx, names, asked, fresh);
    if (again === undefined) return;
    const keyings = matchingKeyings(again, start);
    if (keyings.length > 0) return judgeHours(again, what, start, keyings);
  }
  if (again === undefined) return;
  const [byStart] = KEYINGS as [Keying];
  const hour = wholeHours(again.hourly.points, start, byStart).find(
    (h) => h.count !== countIn(again.raw.points, h.date, byStart),
  );
  const totals = `${rawObservations(again.raw.points)} raw observations in the day, ${counted(again.hourly.points)} in the hourly points`;
  failWith(
    again.raw.response,
    `The raw points of ${what} are not the observations its hourly points count`,
    'every hourly point with as many observations as the raw points inside its hour (keyed by its start or its end), asked twice',
    hour === undefined
      ? totals
      : `the hour starting ${new Date(hour.date * 1000).toISOString()} counts ${hour.count}; ${countIn(again.raw.points, hour.date, byStart)} raw observations in it (${totals})`,
  );
}

/**
 * The day's raw answer and the hourly answer of the week ending today that holds it (the week
 * STATISTICS-MIN-AVERAGE-MAX's first case asks: the run's cache answers it), or undefined when
 * either gives no verdict.
 */
async function askDay(
  ctx: CheckContext,
  names: StatisticsNames & { pointFields: PointFields },
  { id, metric, today, date }: DayCase,
  fresh: boolean,
): Promise<Day | undefined> {
  const ask = async (resolution: string, from: string, to: string) => {
    const { response, ready } = await fetchStatistics(
      ctx,
      statisticsPath(id),
      namedStatisticsQuery(names, { metric, resolution, from, to }),
      { fresh },
    );
    if (!ready) return undefined;
    const points = pointsOf(response.body, names.pointFields).map(observed);
    if (!points.every((p) => p !== undefined)) return undefined;
    return { response, points: points as Observed[] };
  };
  const raw = await ask('raw', date, date);
  if (raw === undefined || raw.points.length >= POINT_CAP) return undefined;
  const start = utcMidnightMs(date) / 1000;
  // D8: the raw answer of one date is that UTC day; one read otherwise gives no verdict here.
  if (raw.points.some((p) => p.date < start || p.date >= start + DAY)) return undefined;
  const hourly = await ask('hourly', addDays(today, -(WEEK - 1)), today);
  // Hours keyed off the hour (not UTC hours) give no verdict here.
  if (hourly === undefined || hourly.points.some((p) => p.date % HOUR !== 0)) return undefined;
  return { raw, hourly };
}

/** The hourly points whose whole window (under a keying) lies inside the day. */
function wholeHours(hours: readonly Observed[], start: number, keying: Keying): Observed[] {
  return hours.filter((h) => isWhole(keying, h.date, start));
}

function isWhole(keying: Keying, hourKey: number, start: number): boolean {
  const [from, to] = keying.window(hourKey);
  return from >= start && to <= start + DAY;
}

/** The raw observations in the hours that lie whole inside the day (an hour's point or not). */
function rawInWholeHours(raw: readonly Observed[], start: number, keying: Keying): number {
  return rawObservations(raw.filter((p) => isWhole(keying, keyOf(keying, p.date), start)));
}

function countIn(raw: readonly Observed[], hourKey: number, keying: Keying): number {
  return rawObservations(raw.filter((p) => holds(keying, hourKey, p.date)));
}

/** The keyings under which every whole hour counts the raw observations inside it. */
function matchingKeyings(day: Day, start: number): Keying[] {
  return KEYINGS.filter((keying) => {
    const hours = wholeHours(day.hourly.points, start, keying);
    if (hours.some((h) => h.count !== countIn(day.raw.points, h.date, keying))) return false;
    // A raw observation in an hour the hourly answer has no point for (or keys otherwise).
    return counted(hours) === rawInWholeHours(day.raw.points, start, keying);
  });
}

/** The hours' aggregates against their raw points', under one of the matching keyings. */
function judgeHours(day: Day, what: string, start: number, keyings: readonly Keying[]): void {
  const slack = precisionSlack(day.raw.points) + precisionSlack(day.hourly.points) + NOISE;
  agreesUnderOneReading(keyings, (keying) => {
    for (const hour of wholeHours(day.hourly.points, start, keying)) {
      if (hour.count === 0) continue;
      const parts = day.raw.points.filter((p) => holds(keying, hour.date, p.date) && rawCount(p) > 0);
      judgeBucket(day.hourly.response, hour, parts, slack, {
        what: `${what}, the hour ${keying.name} ${new Date(hour.date * 1000).toISOString()}`,
        point: 'hourly point',
        parts: 'raw points',
      });
    }
  });
}
