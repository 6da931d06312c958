import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { requireNames } from './support/probe-names.ts';
import { judgeZoneShift } from './support/zone-shift-case.ts';

/** IANA zones without daylight saving time, and their offset from UTC in hours. */
const FIXED_ZONES: ReadonlyArray<[string, number]> = [
  ['Asia/Tokyo', 9],
  ['America/Phoenix', -7],
  ['Asia/Dubai', 4],
  ['Pacific/Honolulu', -10],
];
/** Weeks of data per comparison: enough observations per cell for the daily curve to show. */
const WEEKS = 8;

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
        const why = 'no daylight saving time';
        if (await judgeZoneShift(ctx, names, id, { zone, offset, from, to, why })) judged += 1;
      },
      // Two requests a case over eight weeks of data: a quarter of the run's cases.
      { numRuns: Math.max(1, Math.ceil(ctx.runs / 4)) },
    );
    if (judged === 0) return ctx.skip('no game had an activity curve that varies by hour');
  },
});
