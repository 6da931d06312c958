import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectStatus, expectErrorEnvelope, expectThat } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { NOT_READY_CODES } from './support/not-ready-codes.ts';
import { statisticsPath } from './support/statistics-path.ts';
import { statisticsPoints } from './support/statistics-point.ts';
import { statisticsQuery } from './support/statistics-query.ts';

export const pointCap = defineCheck({
  id: 'STATISTICS-POINT-CAP',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 1 ("at most 1,000 points"); §8 limits, statistics points',
  level: 'profile',
  title: 'A range of more than 1,000 buckets is refused or answered with at most 1,000 points',
  covers: ['S8.STATS1000', 'S4.STATS.3-422'],
  decisions: ['D6', 'D9'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    // Hourly over 42+ days is 1,008+ buckets; daily over 1,001+ days likewise.
    const oversized = fc.oneof(
      fc.integer({ min: 42, max: 90 }).map((days) => ({ resolution: 'hourly', days })),
      fc.integer({ min: 1001, max: 1500 }).map((days) => ({ resolution: 'daily', days })),
    );
    await ctx.property([playersGameId(ctx), oversized], async (id, { resolution, days }) => {
      const query = statisticsQuery(ctx, {
        metric: 'players',
        resolution,
        from: addDays(today, -(days - 1)),
        to: today,
      });
      const response = await ctx.client.get(statisticsPath(id), { query });
      if (response.status === 422) return expectErrorEnvelope(response, 422, ['invalid_statistics_query']);
      if (response.status === 503) return expectErrorEnvelope(response, 503, NOT_READY_CODES);
      expectStatus(response, [200, 422, 503]);
      const points = statisticsPoints(ctx, response);
      expectThat(
        response,
        points.length <= 1000,
        `${resolution} over ${days} days returned more than 1,000 points`,
        'HTTP 422 invalid_statistics_query, or at most 1,000 points (D9)',
        `${points.length} points`,
      );
    });
  },
});
