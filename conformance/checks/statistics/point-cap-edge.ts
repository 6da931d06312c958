import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope, expectStatus, expectThat } from '../../src/core/expect.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { NOT_READY_CODES } from './support/not-ready-codes.ts';
import { longestObjectArray } from './support/object-arrays.ts';
import { namedStatisticsQuery, requireNames } from './support/probe-names.ts';
import { statisticsPath } from './support/statistics-path.ts';

/**
 * "At most 1,000 points" (§4 rule 1, §8) at its edge: daily over the 1,000 days ending today is
 * 1,000 buckets (999 where a server reads `to` as exclusive), as many as the cap allows, so the
 * query is answered — a cap checked as `points >= 1000` refuses it. STATISTICS-POINT-CAP judges
 * the ranges past the edge; a not-ready answer (503) is another check's to judge.
 */
export const pointCapEdge = defineCheck({
  id: 'STATISTICS-POINT-CAP-EDGE',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 1 ("at most 1,000 points"); §8 limits, statistics points',
  level: 'must',
  title: 'A range of exactly 1,000 daily buckets is answered, not refused: the cap is "at most"',
  covers: ['S8.STATS1000'],
  async run(ctx) {
    const names = await requireNames(ctx, ['metricParam', 'resolutionParam']);
    await ctx.property(
      [playersGameId(ctx)],
      async (id) => {
        const today = utcDateOf(ctx.discovery.serverNow());
        const query = namedStatisticsQuery(names, {
          metric: 'players',
          resolution: 'daily',
          from: addDays(today, -999),
          to: today,
        });
        const response = await ctx.client.get(statisticsPath(id), { query });
        if (response.status === 503) return expectErrorEnvelope(response, 503, NOT_READY_CODES);
        expectStatus(response, 200, 'daily over the 1,000 days ending today (1,000 buckets, the cap itself)');
        const points = longestObjectArray(response.body)?.length ?? 0;
        expectThat(
          response,
          points <= 1000,
          'daily over 1,000 days returned more than 1,000 points',
          'at most 1,000 points',
          `${points} points`,
        );
      },
      { numRuns: Math.min(ctx.runs, 3) },
    );
  },
});
