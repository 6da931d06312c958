import { DateTime } from 'luxon';
import { defineCheck } from '../../src/core/check.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { failWith } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { fetchStatistics } from './support/fetch-statistics.ts';
import { namedCells } from './support/named-cells.ts';
import {
  namedActivityQuery,
  namedStatisticsQuery,
  requireNames,
  statisticsNames,
} from './support/probe-names.ts';
import { activityPatternPath, statisticsPath } from './support/statistics-path.ts';

/** The cells as comparable text: weekday/hour → count and average, in a stable order. */
function fingerprint(cells: ReturnType<typeof namedCells>): string {
  return cells
    .map((c) => `${String(c.weekday)}/${String(c.hour)}=${String(c.count)}:${String(c.average)}`)
    .sort()
    .join(' ');
}

/**
 * §4 statistics rules 1–2: the activity pattern "takes the same dates" as the statistics, whose
 * default range is 30 days, and its time zone defaults to UTC. So a request without dates or
 * zone answers the cells of the 30 days up to today (UTC) in UTC: the same cells as the explicit
 * request. Which 30 days is read both ways (from = to − 29, as §8 fixes for player history, or
 * to − 30); the zone default is also judged alone (no zone against `UTC` for one range). Then
 * the statistics' own default range (a second property, never in the minimal pass): daily points
 * without dates fall on the days of one of those two explicit ranges — a month counted on the
 * calendar (29 to 32 days) or a window of 31 shows on most days of the year.
 */
export const activityDefaults = defineCheck({
  id: 'STATISTICS-ACTIVITY-DEFAULTS',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rule 1 ("default range 30 days") and rule 2 ("the same dates"; "IANA timezone (default UTC)")',
  level: 'must',
  title: 'Without dates or zone the activity pattern and the statistics cover the last 30 days (in UTC)',
  covers: ['S4.STATS.2', 'S4.STATS.1'],
  comparesAnswers: true,
  decisions: ['D79'],
  async run(ctx) {
    const names = await requireNames(ctx, ['timezoneParam', 'cellFields']);
    /** A game's activity cells for `request`, as comparable text (undefined when not ready). */
    const patternCells = async (id: number, request: { from?: string; to?: string; timezone?: string }) => {
      const { response, ready } = await fetchStatistics(
        ctx,
        activityPatternPath(id),
        namedActivityQuery(names, request),
      );
      return { response, cells: ready ? fingerprint(namedCells(response, names.cellFields)) : undefined };
    };
    await ctx.property(
      [playersGameId(ctx)],
      async (id) => {
        const today = utcDateOf(ctx.discovery.serverNow());
        const implicit = await patternCells(id, {});
        if (implicit.cells === undefined) return;
        const readings = [29, 30].map((days) => ({
          from: addDays(today, -days),
          to: today,
          timezone: 'UTC',
        }));
        const explicit = [];
        for (const reading of readings) {
          const answer = await patternCells(id, reading);
          if (answer.cells === undefined) return;
          if (answer.cells === implicit.cells) return;
          explicit.push(answer);
        }
        failWith(
          implicit.response,
          `Game ${id}: the activity pattern without dates or zone is not the last 30 days in UTC`,
          `the cells of ${readings[0]!.from}..${today} (or ${readings[1]!.from}..${today}) in UTC`,
          'other cells (a different range or zone by default)',
        );
      },
      { numRuns: Math.max(1, Math.ceil(ctx.runs / 10)) },
    ); // three requests a case; one game shows it
    // The sweep (never in the minimal pass): the dates stay UTC dates when a zone is asked ("the
    // same dates"). Without dates, in a zone whose date is not UTC's now (Kiritimati, UTC+14, from
    // 10:00Z; Pago Pago, UTC−11, before 11:00Z), the range is still the last 30 UTC days: a server
    // taking "today" in the zone asked is a day off.
    const nowMs = ctx.discovery.serverNow();
    const today = utcDateOf(nowMs);
    const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find(
      (candidate) => DateTime.fromMillis(nowMs, { zone: candidate }).toISODate() !== today,
    );
    const first = ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id;
    await ctx.sweep(
      zone === undefined || first === undefined ? [] : [{ id: first, zone }],
      async ({ id, zone }) => {
        const implicit = await patternCells(id, { timezone: zone });
        if (implicit.cells === undefined) return;
        const readings = [29, 30].map((days) => ({ from: addDays(today, -days), to: today, timezone: zone }));
        for (const reading of readings) {
          const answer = await patternCells(id, reading);
          if (answer.cells === undefined || answer.cells === implicit.cells) return;
        }
        failWith(
          implicit.response,
          `Game ${id}: the activity pattern in ${zone} without dates is not the last 30 UTC days`,
          `the cells of ${readings[0]!.from}..${today} (or ${readings[1]!.from}..${today}) in ${zone}: the dates are UTC dates`,
          `other cells (the range ending on ${zone}'s date, ${DateTime.fromMillis(nowMs, { zone }).toISODate() ?? '?'}, or another)`,
        );
      },
    );
    // The names were probed above; without these two, the statistics' default goes unjudged.
    const stats = await statisticsNames(ctx);
    const { resolutionParam, pointDate } = stats;
    if (resolutionParam === undefined || pointDate === undefined) {
      ctx.log(
        'the statistics default range is not judged: resolution parameter or point date not told by probing',
      );
      return;
    }
    await ctx.property(
      [playersGameId(ctx)],
      async (id) => {
        const today = utcDateOf(ctx.discovery.serverNow());
        const daysOf = async (request: { from?: string; to?: string }) => {
          const { response, ready } = await fetchStatistics(
            ctx,
            statisticsPath(id),
            namedStatisticsQuery(
              { ...stats, resolutionParam },
              { metric: 'players', resolution: 'daily', ...request },
            ),
          );
          const data = (response.body as { data?: unknown } | undefined)?.data;
          if (!ready || !Array.isArray(data)) return { response, days: undefined };
          const dates = data.map((point) => String((point as Record<string, unknown>)?.[pointDate]));
          return { response, days: dates.sort().join(',') };
        };
        const implicit = await daysOf({});
        if (implicit.days === undefined || implicit.days === '') return;
        const readings = [29, 30].map((days) => ({ from: addDays(today, -days), to: today }));
        for (const reading of readings) {
          const answer = await daysOf(reading);
          if (answer.days === undefined || answer.days === implicit.days) return;
        }
        failWith(
          implicit.response,
          `Game ${id}: daily statistics without dates do not cover the last 30 days`,
          `the days of ${readings[0]!.from}..${today} (or ${readings[1]!.from}..${today})`,
          'points on other days (another default range)',
        );
      },
      { numRuns: Math.max(1, Math.ceil(ctx.runs / 10)) },
    );
  },
});
