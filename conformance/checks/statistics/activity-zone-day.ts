import fc from 'fast-check';
import { DateTime } from 'luxon';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { busiestSampledSince } from '../harness/busiest-game.ts';
import { addDays, HOUR_MS, utcDateOf, utcMidnightMs as startOf } from '../../src/core/dates.ts';
import { failWith } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import type { ActivityCell } from './support/activity-cells.ts';
import { fetchStatistics } from './support/fetch-statistics.ts';
import { namedCells } from './support/named-cells.ts';
import { namedActivityQuery, requireNames } from './support/probe-names.ts';
import { activityPatternPath } from './support/statistics-path.ts';
import { weekPositions, type WeekPositions } from './support/week-positions.ts';

/**
 * Zones whose offsets are whole hours (so each UTC hour falls in one local hour): with and
 * without daylight saving time, east and west, up to the ±14/−11 h extremes.
 */
const ZONES = [
  'America/New_York',
  'Europe/Berlin',
  'Australia/Sydney',
  'America/Santiago',
  'Asia/Tokyo',
  'America/Los_Angeles',
  'Pacific/Honolulu',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Europe/London',
  // UTC's offset in winter, an hour more in summer: zones a server may take for UTC all year;
  // Dublin's rules write its winter time as the negative "daylight saving" (tzdata since 2018).
  'Europe/Dublin',
  'Europe/Lisbon',
];
/** How far back the generated days reach (the activity pattern's own limit is 90 days a range). */
const DAYS_BACK = 120;
/** Hours of the UTC day that must hold samples for a case to be judged. */
const MIN_HOURS = 12;

/** Offsets asked before, by zone and instant: the day searches below ask the same hours every case. */
const offsets = new Map<string, number>();

function offsetMinutes(zone: string, ms: number): number {
  const id = `${zone}|${ms}`;
  let offset = offsets.get(id);
  if (offset === undefined) {
    offset = DateTime.fromMillis(ms, { zone }).offset;
    if (offsets.size >= 50_000) offsets.clear();
    offsets.set(id, offset);
  }
  return offset;
}
type ZoneDay = { zone: string; day: string };

/**
 * The examples: discovery's game with players on the latest day a zone with daylight saving time
 * spent under its other offset, and on the latest day of a change; then every zone with daylight
 * saving time on a day under each of its two offsets (a zone handled as if its offset never
 * changed shows under one of them only: the summer's, for a zone taken for UTC all year), on a
 * game sampled since the earliest of those days.
 */
function zoneDayExamples(
  ctx: CheckContext,
  first: number,
  dstDays: ZoneDay[],
  changeDays: ZoneDay[],
  todaysOffsetDays: ZoneDay[],
): Array<[number, ZoneDay]> {
  const firstTwo = [...dstDays.slice(0, 1), ...changeDays.slice(0, 1)];
  const rest = [...dstDays.slice(1), ...todaysOffsetDays];
  const earliest = rest.map((zoneDay) => zoneDay.day).sort()[0];
  const sampled =
    earliest === undefined ? first : (busiestSampledSince(ctx.discovery, startOf(earliest))?.id ?? first);
  return [
    ...firstTwo.map((zoneDay): [number, ZoneDay] => [first, zoneDay]),
    ...rest.map((zoneDay): [number, ZoneDay] => [sampled, zoneDay]),
  ];
}

/** Monday = 0 … Sunday = 6. */
const isoDay = (at: DateTime) => at.weekday - 1;

/**
 * The latest UTC day, at least 4 days back, that `zone` spent wholly under an offset other than
 * today's: the far side of its last change of offset (for New York on 2026-11-27, whose clocks
 * went back on 1 November, 2026-10-30). Undefined when no day of the last 400 was (a zone without
 * daylight saving time).
 */
export function dayBeforeLastChange(zone: string, nowMs: number): string | undefined {
  return latestDayUnder(zone, nowMs, (offset, now) => offset !== now);
}

/**
 * The latest UTC day, at least 4 days back, that `zone` (one with daylight saving time) spent
 * wholly under today's offset: with dayBeforeLastChange, a day under each of its two offsets.
 */
export function dayUnderTodaysOffset(zone: string, nowMs: number): string | undefined {
  if (dayBeforeLastChange(zone, nowMs) === undefined) return undefined;
  return latestDayUnder(zone, nowMs, (offset, now) => offset === now);
}

/** The latest UTC day, 4 to 400 days back, whose 52 hours around it keep one offset that `wanted` takes. */
function latestDayUnder(
  zone: string,
  nowMs: number,
  wanted: (offset: number, now: number) => boolean,
): string | undefined {
  const now = offsetMinutes(zone, nowMs);
  const today = utcDateOf(nowMs);
  for (let back = 4; back <= 400; back += 1) {
    const day = addDays(today, -back);
    const start = startOf(day);
    // The whole day, and the 14 hours either side a zone can reach, keep one offset: the same
    // offset at both ends of those 52 hours (no zone changes twice within them).
    const before = offsetMinutes(zone, start - 14 * HOUR_MS);
    if (wanted(before, now) && before === offsetMinutes(zone, start + 38 * HOUR_MS)) return day;
  }
  return undefined;
}

/**
 * The latest UTC day, at least 4 days back, in which `zone` changed its offset (for New York on
 * 2026-11-27, 2026-11-01: its clocks went back at 06:00Z). That day's local date has 23 or 25
 * hours: a server counting a sample's hour from its local midnight, not off its own instant,
 * files the samples after the change an hour off. Undefined for a zone without changes.
 */
export function lastChangeDay(zone: string, nowMs: number): string | undefined {
  const today = utcDateOf(nowMs);
  for (let back = 4; back <= 400; back += 1) {
    const day = addDays(today, -back);
    const start = startOf(day);
    if (offsetMinutes(zone, start) !== offsetMinutes(zone, start + 24 * HOUR_MS - 1)) return day;
  }
  return undefined;
}

/** Each zone with the day `pick` finds for it (zones without one left out), the latest day first. */
function latestByZone(
  pick: (zone: string, nowMs: number) => string | undefined,
  nowMs: number,
): Array<{ zone: string; day: string }> {
  return ZONES.flatMap((zone) => {
    const day = pick(zone, nowMs);
    return day === undefined ? [] : [{ zone, day }];
  }).sort((a, b) => b.day.localeCompare(a.day));
}

interface Cell {
  label: unknown;
  count: unknown;
  average: unknown;
}

function byHourOfWeek(cells: ActivityCell[]): { week: WeekPositions; cells: Map<number, Cell> } | undefined {
  const week = weekPositions(cells.map((cell) => cell.weekday));
  if (week === undefined || cells.length !== 168) return undefined;
  const map = new Map<number, Cell>();
  for (const cell of cells) {
    const day = week.position.get(cell.weekday);
    const hour = cell.hour;
    if (day === undefined || !Number.isInteger(hour) || (hour as number) < 0 || (hour as number) > 23)
      return undefined;
    map.set(day * 24 + (hour as number), { label: cell.weekday, count: cell.count, average: cell.average });
  }
  return map.size === 168 ? { week, cells: map } : undefined;
}

const holds = (cell: Cell | undefined) => typeof cell?.count === 'number' && cell.count > 0;
const describe = (cell: Cell) =>
  `count ${JSON.stringify(cell.count)}, average ${JSON.stringify(cell.average)}`;

/**
 * §4 statistics rules 1–2: the activity pattern takes "the same dates" as the statistics — UTC
 * dates — and an IANA time zone for its weekdays and hours. So over one UTC date, the zone's
 * pattern holds exactly that UTC day's samples, each in the local hour of its own instant (the
 * offset in force then, daylight saving time included): every zoned cell has the count of the
 * UTC hour that falls in it (and the same average), every other cell none. One request in UTC
 * (whose cells holding samples name the day's weekday, fixing any integer weekday numbering)
 * and one in the zone. The first case is a zone with daylight saving time on a day before its
 * last change, when its offset was not today's; the second the day of a zone's last change; then
 * each zone with daylight saving time on a day under each of its two offsets.
 * Catches the dates read as local dates of the zone, an offset applied with the wrong sign or
 * read once (today's) for every sample, hours and weekdays shifted apart, an hour counted from
 * the local midnight, and a UTC day that holds samples of another day.
 */
export const activityZoneDay = defineCheck({
  id: 'STATISTICS-ACTIVITY-ZONE-DAY',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rule 2 ("takes the same dates … and an IANA timezone"); rule 1 (dates UTC)',
  level: 'must',
  title: "One UTC day's activity in a zone: each sample in the local hour of its own instant",
  covers: ['S4.STATS.2'],
  comparesAnswers: true,
  async run(ctx) {
    const names = await requireNames(ctx, ['timezoneParam', 'cellFields']);
    const nowMs = ctx.discovery.serverNow();
    const today = utcDateOf(nowMs);
    const dstDays = latestByZone(dayBeforeLastChange, nowMs);
    const changeDays = latestByZone(lastChangeDay, nowMs);
    const todaysOffsetDays = latestByZone(dayUnderTodaysOffset, nowMs);
    const first = ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id;
    /** One game's pattern of a range in a zone (one day, `day`, unless told). */
    const cellsOf =
      (id: number, day: string) =>
      async (timezone: string, from = day, to = day): Promise<ReadCells> => {
        const query = namedActivityQuery(names, { from, to, timezone });
        const { response, ready } = await fetchStatistics(ctx, activityPatternPath(id), query);
        return { response, read: ready ? byHourOfWeek(namedCells(response, names.cellFields)) : undefined };
      };
    let judged = 0;
    await ctx.property(
      [
        playersGameId(ctx),
        fc.record({
          zone: fc.constantFrom(...ZONES),
          day: fc.integer({ min: 1, max: DAYS_BACK }).map((back) => addDays(today, -back)),
        }),
      ],
      async (id, { zone, day }) => {
        const fetchCells = cellsOf(id, day);
        const utc = await fetchCells('UTC');
        if (utc.read === undefined) return;
        const holding = [...utc.read.cells].filter(([, cell]) => holds(cell));
        if (holding.length < MIN_HOURS) {
          // Too few samples to place: that the day holds all it should is judged by the totals of
          // two days (the day and its neighbour before today), which add up under any counting.
          await expectDaysAddUp(utc, day, today, fetchCells);
          return;
        }
        const labels = new Set(holding.map(([key]) => Math.floor(key / 24)));
        const dayOfWeek = isoDay(DateTime.fromMillis(startOf(day), { zone: 'utc' }));
        if (labels.size !== 1) {
          failWith(
            utc.response,
            `The UTC activity pattern of the one UTC date ${day} holds samples on ${labels.size} weekdays`,
            `samples in the cells of one weekday (${day}'s)`,
            `samples under the weekdays ${[...new Set(holding.map(([, cell]) => JSON.stringify(cell.label)))].join(', ')}`,
          );
        }
        const position = [...labels][0]!;
        if (utc.read.week.absolute && position !== dayOfWeek) {
          failWith(
            utc.response,
            `The UTC activity pattern of ${day} files its samples under the wrong weekday`,
            `the cells of ${DateTime.fromMillis(startOf(day), { zone: 'utc' }).toFormat('cccc')}`,
            `the cells of ${JSON.stringify(holding[0]![1].label)}`,
          );
        }
        const zoned = await fetchCells(zone);
        if (zoned.read === undefined) return;
        judged += 1;
        // Where each UTC hour of the day belongs in the zone's week, positions read as the UTC answer's.
        const expected = new Map<number, { cell: Cell; hour: number }[]>();
        for (let h = 0; h < 24; h += 1) {
          const local = DateTime.fromMillis(startOf(day) + h * HOUR_MS, { zone });
          const key = ((isoDay(local) - dayOfWeek + position + 7) % 7) * 24 + local.hour;
          expected.set(key, [
            ...(expected.get(key) ?? []),
            { cell: utc.read.cells.get(position * 24 + h)!, hour: h },
          ]);
        }
        for (const [key, cell] of zoned.read.cells) {
          const from = expected.get(key);
          if (from === undefined) {
            if (!holds(cell)) continue;
            reportStray(zoned.response, zone, day, cell, key % 24);
          }
          // A local hour the day holds twice (a change back) is not compared.
          if (from.length !== 1) continue;
          const want = from[0]!.cell;
          const sameAverage =
            cell.average === want.average ||
            (typeof cell.average === 'number' &&
              typeof want.average === 'number' &&
              Math.abs(cell.average - want.average) <= 0.011);
          if (cell.count === want.count && sameAverage) continue;
          const at = startOf(day) + from[0]!.hour * HOUR_MS;
          failWith(
            zoned.response,
            `The ${zone} activity pattern of ${day} does not place the samples of ${new Date(at).toISOString().slice(0, 13)}:00Z in their local hour`,
            `the cell of weekday ${JSON.stringify(cell.label)} hour ${key % 24} (that UTC hour at ${DateTime.fromMillis(at, { zone }).toFormat('ZZ')}) holds what that UTC hour's cell holds: ${describe(want)}`,
            describe(cell),
          );
        }
      },
      {
        // Two small requests a case (one day each): a quarter of the run's cases.
        numRuns: Math.max(1, Math.ceil(ctx.runs / 4)),
        // Then the day of a change itself, whose local date has 23 or 25 hours; then every zone
        // with daylight saving time under each of its offsets (blind fault
        // `blind32-activity-london-as-utc` treated one zone, UTC's in winter, as UTC all year:
        // only its summer shows it, and random days reached it by chance).
        examples:
          first === undefined ? [] : zoneDayExamples(ctx, first, dstDays, changeDays, todaysOffsetDays),
      },
    );
    // The second property (never in the minimal pass): the days add up on any day, whatever it
    // holds — a range's `to` dropped only when it differs from `from` shows here, not above.
    await ctx.property(
      [playersGameId(ctx), fc.integer({ min: 2, max: DAYS_BACK }).map((back) => addDays(today, -back))],
      async (id, day) => {
        const fetchCells = cellsOf(id, day);
        await expectDaysAddUp(await fetchCells('UTC'), day, today, fetchCells);
      },
      // Three small requests a case: a tenth of the run's cases.
      { numRuns: Math.max(1, Math.ceil(ctx.runs / 10)) },
    );
    if (judged === 0) return ctx.skip('no game had samples in most hours of the UTC days looked at');
  },
});

type ReadCells = { response: ApiResponse; read: ReturnType<typeof byHourOfWeek> };

/** The observations of every cell, summed (undefined when a count is not a number). */
function totalCount(read: NonNullable<ReadCells['read']>): number | undefined {
  let total = 0;
  for (const cell of read.cells.values()) {
    if (typeof cell.count !== 'number') return undefined;
    total += cell.count;
  }
  return total;
}

/**
 * Dates are inclusive (§4 players: "Inclusive UTC start/end"; the activity pattern "takes the
 * same dates"): the pattern of two consecutive days holds what each day's own pattern holds, so
 * the cells' counts add up — a count of samples, of valid observations or of days alike. A
 * server leaving the range's `to` day out shows two one-day patterns with nothing beside a
 * two-day one with the first day's samples.
 */
async function expectDaysAddUp(
  dayCells: ReadCells,
  day: string,
  today: string,
  fetchCells: (timezone: string, from?: string, to?: string) => Promise<ReadCells>,
): Promise<void> {
  const own = dayCells.read === undefined ? undefined : totalCount(dayCells.read);
  if (own === undefined) return;
  const neighbour = addDays(day, 1) < today ? addDays(day, 1) : addDays(day, -1);
  const [from, to] = neighbour > day ? [day, neighbour] : [neighbour, day];
  const both = await fetchCells('UTC', from, to);
  const other = await fetchCells('UTC', neighbour, neighbour);
  if (both.read === undefined || other.read === undefined) return;
  const bothTotal = totalCount(both.read);
  const otherTotal = totalCount(other.read);
  if (bothTotal === undefined || otherTotal === undefined || bothTotal === own + otherTotal) return;
  failWith(
    both.response,
    `The activity pattern of ${from}..${to} does not hold what the patterns of ${from} and of ${to} hold`,
    `cell counts summing to ${own + otherTotal} (${day}: ${own}, ${neighbour}: ${otherTotal}; both dates inclusive)`,
    `cell counts summing to ${bothTotal}`,
  );
}

function reportStray(response: ApiResponse, zone: string, day: string, cell: Cell, hour: number): never {
  failWith(
    response,
    `The ${zone} activity pattern of the UTC date ${day} holds samples from outside that day`,
    `samples only in the local hours of ${day}'s 24 UTC hours`,
    `${describe(cell)} under weekday ${JSON.stringify(cell.label)} hour ${hour}, which no UTC hour of ${day} falls in`,
  );
}
