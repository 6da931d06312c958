import fc from 'fast-check';
import { DateTime } from 'luxon';
import { defineCheck } from '../../src/core/check.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { requireNames } from './support/probe-names.ts';
import { judgeZoneShift, type ZoneShiftCase } from './support/zone-shift-case.ts';

/** Zones with daylight saving time and whole-hour offsets, north and south of the equator. */
const DST_ZONES = [
  'America/New_York',
  'Europe/Berlin',
  'Australia/Sydney',
  'America/Santiago',
  'Pacific/Auckland',
];
/** Weeks of data per comparison, as STATISTICS-ACTIVITY-ZONE-SHIFT. */
const WEEKS = 8;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The largest distance of any zone from UTC: the offset must hold this far beyond the range's ends. */
const EDGE_MS = 14 * HOUR_MS;
/** How far back a range is looked for. */
const SEARCH_DAYS = 400;

const startOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
const offsetMinutes = (zone: string, ms: number) => DateTime.fromMillis(ms, { zone }).offset;

/**
 * The latest range of `WEEKS` whole weeks of UTC dates, ended before `nowMs`, throughout which
 * (and 14 hours beyond either end) `zone` keeps one whole-hour UTC offset other than its
 * offset at `nowMs`: the other side of its last change of offset. Undefined when there is none
 * within `SEARCH_DAYS` (a zone without daylight saving time lately).
 */
export function rangeOfOtherOffset(zone: string, nowMs: number): ZoneShiftCase | undefined {
  const now = offsetMinutes(zone, nowMs);
  const today = utcDateOf(nowMs);
  for (let back = 1; back <= SEARCH_DAYS; back += 1) {
    const to = addDays(today, -back);
    const from = addDays(to, -(WEEKS * 7 - 1));
    const start = startOf(from) - EDGE_MS;
    const end = startOf(to) + DAY_MS + EDGE_MS;
    const offset = offsetMinutes(zone, start);
    if (offset === now || offset % 60 !== 0) continue;
    let constant = true;
    for (let t = start + HOUR_MS; t <= end && constant; t += HOUR_MS)
      constant = offsetMinutes(zone, t) === offset;
    if (!constant) continue;
    return {
      zone,
      offset: offset / 60,
      from,
      to,
      why: `whose offset was ${offset > 0 ? '+' : ''}${offset / 60} h throughout that range, not the ${now > 0 ? '+' : ''}${now / 60} h of the request's time: daylight saving time changed it in between`,
    };
  }
  return undefined;
}

/**
 * §4 statistics rule 2: the activity pattern takes "an IANA timezone", whose rules include
 * daylight saving time: each sample falls in the local hour of the offset in force at its own
 * instant. So over a range on the other side of a zone's last change of offset (eight weeks
 * that kept one offset, other than the zone's offset now), the zone's pattern is the UTC
 * pattern moved by the offset of that range — not by today's. Judged as
 * STATISTICS-ACTIVITY-ZONE-SHIFT judges zones without daylight saving time (the best-fitting
 * shift of the week's averages; names probed, any weekday numbering; a flat curve unjudged).
 * Catches a zone's offset read once, at the request's time, and applied to every sample.
 */
export const activityZoneDst = defineCheck({
  id: 'STATISTICS-ACTIVITY-ZONE-DST',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 2 ("an IANA timezone"); rule 1 (dates UTC)',
  level: 'must',
  title: 'Samples from before a daylight-saving change fall in the local hour of their own offset',
  covers: ['S4.STATS.2'],
  comparesAnswers: true,
  async run(ctx) {
    const names = await requireNames(ctx, ['timezoneParam', 'cellFields']);
    const nowMs = ctx.discovery.serverNow();
    const cases = DST_ZONES.flatMap((zone) => rangeOfOtherOffset(zone, nowMs) ?? []);
    if (cases.length === 0) return ctx.skip(`none of ${DST_ZONES.join(', ')} changed its offset lately`);
    // The most recent range first: the likeliest to have samples on any deployment.
    cases.sort((a, b) => b.to.localeCompare(a.to));
    const first = ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id;
    let judged = 0;
    await ctx.property(
      [playersGameId(ctx), fc.constantFrom(...cases)],
      async (id, zoneCase) => {
        if (await judgeZoneShift(ctx, names, id, zoneCase)) judged += 1;
      },
      {
        // Two requests a case over eight weeks of data: a quarter of the run's cases.
        numRuns: Math.max(1, Math.ceil(ctx.runs / 4)),
        examples: first === undefined ? [] : [[first, cases[0]!]],
      },
    );
    if (judged === 0)
      return ctx.skip('no game had an activity curve that varies by hour in the ranges looked at');
  },
});
