import type { CheckContext } from '../../../src/core/check.ts';
import { failWith } from '../../../src/core/expect.ts';
import type { ActivityCell } from './activity-cells.ts';
import { fetchStatistics } from './fetch-statistics.ts';
import { namedCells } from './named-cells.ts';
import { namedActivityQuery, type StatisticsNames } from './probe-names.ts';
import { activityPatternPath } from './statistics-path.ts';
import { weekPositions } from './week-positions.ts';

/** Averages by hour of the week (0..167), null where a cell has none. */
function weekCurve(cells: ActivityCell[]): Array<number | null> | undefined {
  const order = weekPositions(cells.map((cell) => cell.weekday))?.position;
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

const signed = (hours: number) => `${hours > 0 ? '+' : ''}${hours} h`;

/** One comparison: a zone whose UTC offset is `offset` hours throughout `from`..`to` (UTC dates). */
export interface ZoneShiftCase {
  zone: string;
  offset: number;
  from: string;
  to: string;
  /** Why the offset holds throughout the range, for the failure's expected line. */
  why: string;
}

/**
 * The activity patterns of one game over `from`..`to` in UTC and in the case's zone (two
 * requests): of every shift of the week (−12..+11 h), the zone's offset must fit the averages
 * best, unless the curve is too flat to tell shifts apart. Returns whether the case was judged
 * (both patterns ready and readable, the curve varying by hour); fails the check otherwise.
 */
export async function judgeZoneShift(
  ctx: CheckContext,
  names: StatisticsNames & { cellFields: NonNullable<StatisticsNames['cellFields']> },
  id: number,
  { zone, offset, from, to, why }: ZoneShiftCase,
): Promise<boolean> {
  const fetchCurve = async (timezone: string) => {
    const query = namedActivityQuery(names, { from, to, timezone });
    const { response, ready } = await fetchStatistics(ctx, activityPatternPath(id), query);
    return { response, curve: ready ? weekCurve(namedCells(response, names.cellFields)) : undefined };
  };
  const utc = await fetchCurve('UTC');
  if (utc.curve === undefined) return false;
  const zoned = await fetchCurve(zone);
  if (zoned.curve === undefined) return false;
  const fits = Array.from({ length: 24 }, (_, k) => distance(utc.curve!, zoned.curve!, k - 12));
  const expected = fits[offset + 12]!;
  const best = Math.min(...fits);
  const worst = Math.max(...fits.filter(Number.isFinite));
  // A flat curve (every hour alike) cannot show a shift.
  if (!Number.isFinite(worst) || worst - best < 1e-9 || worst < 2 * best + 1e-9) return false;
  const bestShift = fits.indexOf(best) - 12;
  if (expected > best + 1e-9 && expected > best * 1.25) {
    failWith(
      zoned.response,
      `The ${zone} activity pattern of ${from}..${to} is not the UTC pattern moved ${signed(offset)}`,
      `the UTC pattern of ${from}..${to} shifted ${signed(offset)} (${zone}, ${why}) fits best`,
      `a shift of ${signed(bestShift)} fits best (mean difference ${best.toFixed(2)}; at ${signed(offset)} ${expected.toFixed(2)})`,
    );
  }
  return true;
}
