import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { failWith } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { fetchStatistics } from './support/fetch-statistics.ts';
import { namedCells } from './support/named-cells.ts';
import { namedActivityQuery, requireNames } from './support/probe-names.ts';
import { activityPatternPath } from './support/statistics-path.ts';

/** IANA zones without daylight saving time, and their offset from UTC in hours. */
const FIXED_ZONES: ReadonlyArray<[string, number]> = [
  ['Asia/Tokyo', 9],
  ['America/Phoenix', -7],
  ['Asia/Dubai', 4],
  ['Pacific/Honolulu', -10],
];
/** Weeks of data per comparison: enough observations per cell for the daily curve to show. */
const WEEKS = 8;
const ORDERED_NAMES = [
  ['monday', 'mon'],
  ['tuesday', 'tue'],
  ['wednesday', 'wed'],
  ['thursday', 'thu'],
  ['friday', 'fri'],
  ['saturday', 'sat'],
  ['sunday', 'sun'],
];

/** Each cell's position in the week (0..167, hours from the first weekday's midnight), or undefined. */
function positions(weekdays: unknown[]): Map<unknown, number> | undefined {
  const distinct = [...new Set(weekdays)];
  if (distinct.length !== 7) return undefined;
  if (distinct.every((w) => Number.isInteger(w))) {
    // Any integer numbering counts the days in order (ISO 1–7, 0–6 from Sunday or Monday).
    return new Map((distinct as number[]).sort((a, b) => a - b).map((w, i) => [w, i]));
  }
  if (distinct.every((w) => typeof w === 'string')) {
    const index = (w: string) => ORDERED_NAMES.findIndex((names) => names.includes(w.toLowerCase()));
    if (distinct.some((w) => index(w as string) < 0)) return undefined;
    return new Map(distinct.map((w) => [w, index(w as string)]));
  }
  return undefined;
}

/** Averages by hour of the week (0..167), null where a cell has none. */
function weekCurve(cells: ReturnType<typeof namedCells>): Array<number | null> | undefined {
  const order = positions(cells.map((cell) => cell.weekday));
  if (order === undefined || cells.length !== 168) return undefined;
  const curve: Array<number | null> = Array.from({ length: 168 }, () => null);
  for (const cell of cells) {
    const day = order.get(cell.weekday);
    if (day === undefined || !Number.isInteger(cell.hour)) return undefined;
    curve[day * 24 + (cell.hour as number)] = typeof cell.average === 'number' ? cell.average : null;
  }
  return curve;
}

/** Mean absolute difference between `zoned` and `utc` moved `shift` hours later, over cells both have. */
function distance(utc: Array<number | null>, zoned: Array<number | null>, shift: number): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < 168; i += 1) {
    const a = utc[i];
    const b = zoned[(((i + shift) % 168) + 168) % 168];
    if (a === null || a === undefined || b === null || b === undefined) continue;
    sum += Math.abs(a - b);
    n += 1;
  }
  return n === 0 ? Number.POSITIVE_INFINITY : sum / n;
}

/**
 * §4 statistics rule 2: the activity pattern takes "the same dates" as the statistics (UTC
 * dates) and an IANA time zone, and its 168 cells are weekdays and hours in that zone. So for one
 * range, the pattern in a zone without daylight saving time is the UTC pattern moved by the
 * zone's offset: of every shift of the week, the offset's fits best. Judged on the averages
 * (the daily curve of players), whatever the fields are called (probed) and however weekdays
 * are numbered (any numbering counting the days in order, or day names); a curve too flat to
 * tell shifts apart is left unjudged. Catches a zone ignored, its offset applied the wrong way,
 * or hours and weekdays shifted apart.
 */
export const activityZoneShift = defineCheck({
  id: 'STATISTICS-ACTIVITY-ZONE-SHIFT',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rule 2 ("takes the same dates … and an IANA timezone"); rule 1 (dates UTC)',
  level: 'must',
  title: "A zone's activity pattern is the UTC pattern moved by the zone's offset",
  covers: ['S4.STATS.2'],
  comparesAnswers: true,
  async run(ctx) {
    const names = await requireNames(ctx, ['timezoneParam', 'cellFields']);
    const to = utcDateOf(ctx.discovery.serverNow());
    const from = addDays(to, -(WEEKS * 7 - 1));
    let judged = 0;
    await ctx.property(
      [playersGameId(ctx), fc.constantFrom(...FIXED_ZONES)],
      async (id, [zone, offset]) => {
        const fetchCurve = async (timezone: string) => {
          const query = namedActivityQuery(names, { from, to, timezone });
          const { response, ready } = await fetchStatistics(ctx, activityPatternPath(id), query);
          return { response, curve: ready ? weekCurve(namedCells(response, names.cellFields)) : undefined };
        };
        const utc = await fetchCurve('UTC');
        if (utc.curve === undefined) return;
        const zoned = await fetchCurve(zone);
        if (zoned.curve === undefined) return;
        const fits = Array.from({ length: 24 }, (_, k) => distance(utc.curve!, zoned.curve!, k - 12));
        const expected = fits[offset + 12]!;
        const best = Math.min(...fits);
        const worst = Math.max(...fits.filter(Number.isFinite));
        // A flat curve (every hour alike) cannot show a shift.
        if (!Number.isFinite(worst) || worst - best < 1e-9 || worst < 2 * best + 1e-9) return;
        judged += 1;
        const bestShift = fits.indexOf(best) - 12;
        if (expected > best + 1e-9 && expected > best * 1.25) {
          failWith(
            zoned.response,
            `The ${zone} activity pattern is not the UTC pattern moved ${offset > 0 ? '+' : ''}${offset} h`,
            `the UTC pattern of ${from}..${to} shifted ${offset > 0 ? '+' : ''}${offset} h (${zone}, no daylight saving time) fits best`,
            `a shift of ${bestShift > 0 ? '+' : ''}${bestShift} h fits best (mean difference ${best.toFixed(2)}; at ${offset > 0 ? '+' : ''}${offset} h ${expected.toFixed(2)})`,
          );
        }
      },
      // Two requests a case over eight weeks of data: a quarter of the run's cases.
      { numRuns: Math.max(1, Math.ceil(ctx.runs / 4)) },
    );
    if (judged === 0) return ctx.skip('no game had an activity curve that varies by hour');
  },
});
