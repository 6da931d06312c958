import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectStatus, expectErrorEnvelope, expectThat } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { addDays, utcDateOf, utcWeekdayOf } from '../../src/core/dates.ts';
import { NOT_READY_CODES } from './support/not-ready-codes.ts';
import { longestObjectArray } from './support/object-arrays.ts';
import { namedStatisticsQuery, requireNames } from './support/probe-names.ts';
import { statisticsPath } from './support/statistics-path.ts';

/** A range of `days` days ending `endDaysAgo` days before today (0: today), at one resolution. */
interface OversizedRange {
  resolution: string;
  days: number;
  endDaysAgo?: number;
}

/**
 * "At most 1,000 points" (§4 rule 1, §8) for ranges of more than 1,000 buckets, asked under
 * the probed parameter names. Refusing (422 invalid_statistics_query) or answering at most
 * 1,000 points are both within the rule (D9 is tolerant on which), so the whole check holds
 * under every reading once the names are known.
 */
export const pointCap = defineCheck({
  id: 'STATISTICS-POINT-CAP',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 1 ("at most 1,000 points"); §8 limits, statistics points',
  level: 'must',
  title: 'A range of more than 1,000 buckets is refused or answered with at most 1,000 points',
  covers: ['S8.STATS1000', 'S4.STATS.3-422'],
  async run(ctx) {
    const names = await requireNames(ctx, ['metricParam', 'resolutionParam']);
    const today = utcDateOf(ctx.discovery.serverNow());
    // Hourly over 42+ days is 1,008+ buckets; daily over 1,001+ days likewise; weekly over 7,001+
    // days is 1,001+ weeks however weeks are cut, monthly over 30,500+ days 1,002+ months.
    const oversized: fc.Arbitrary<OversizedRange> = fc.oneof(
      fc.integer({ min: 42, max: 90 }).map((days) => ({ resolution: 'hourly', days })),
      fc.integer({ min: 1001, max: 1500 }).map((days) => ({ resolution: 'daily', days })),
      fc.integer({ min: 7001, max: 7500 }).map((days) => ({ resolution: 'weekly', days })),
      fc.integer({ min: 30_500, max: 31_000 }).map((days) => ({ resolution: 'monthly', days })),
    );
    // First the daily range one day past the cap. Then the ranges a cap counted on the day count
    // (days ÷ 7, days ÷ 31) lets through although the calendar's buckets pass 1,000: weekly over
    // 7,000 days not starting on a Monday (1,001 calendar weeks; ending yesterday when the range
    // ending today would start on one), and monthly over 31,000 days (1,018 calendar months).
    const weeklyEnd = utcWeekdayOf(addDays(today, -(7000 - 1))) === 1 ? 1 : 0;
    const firstId = ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id;
    const examples: Array<[number, OversizedRange]> =
      firstId === undefined
        ? []
        : [
            [firstId, { resolution: 'daily', days: 1001 }],
            [firstId, { resolution: 'weekly', days: 7000, endDaysAgo: weeklyEnd }],
            [firstId, { resolution: 'monthly', days: 31_000 }],
          ];
    await ctx.property(
      [playersGameId(ctx), oversized],
      async (id, { resolution, days, endDaysAgo = 0 }) => {
        const to = addDays(today, -endDaysAgo);
        const query = namedStatisticsQuery(names, {
          metric: 'players',
          resolution,
          from: addDays(to, -(days - 1)),
          to,
        });
        const response = await ctx.client.get(statisticsPath(id), { query });
        if (response.status === 422) return expectErrorEnvelope(response, 422, ['invalid_statistics_query']);
        if (response.status === 503) return expectErrorEnvelope(response, 503, NOT_READY_CODES);
        expectStatus(response, [200, 422, 503]);
        const points = longestObjectArray(response.body)?.length ?? 0;
        expectThat(
          response,
          points <= 1000,
          `${resolution} over ${days} days returned more than 1,000 points`,
          'HTTP 422 invalid_statistics_query, or at most 1,000 points (D9)',
          `${points} points`,
        );
      },
      { examples },
    );
  },
});
