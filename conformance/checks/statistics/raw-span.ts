import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectStatus, expectErrorEnvelope, expectThat } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { rangeEnd } from '../harness/arbitraries/range-end.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { NOT_READY_CODES } from './support/not-ready-codes.ts';
import { longestObjectArray } from './support/object-arrays.ts';
import { namedStatisticsQuery, requireNames } from './support/probe-names.ts';
import { statisticsPath } from './support/statistics-path.ts';

const DAY_SECONDS = 86_400;

/**
 * "raw (up to 24 hours)" (§4 rule 1, §8) under the probed names: a raw range of two or more
 * days is refused or its points span less than 24 hours. D8 is tolerant on which, so the
 * check holds under every reading once the names are known.
 */
export const rawSpan = defineCheck({
  id: 'STATISTICS-RAW-SPAN',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 1 ("raw (up to 24 hours)"); §8 limits, statistics raw span',
  level: 'must',
  title: 'Raw statistics over two or more days are refused or cover at most 24 hours',
  covers: ['S8.STATSRAW24', 'S4.STATS.1'],
  async run(ctx) {
    const names = await requireNames(ctx, ['metricParam', 'resolutionParam', 'pointDate']);
    const today = utcDateOf(ctx.discovery.serverNow());
    const span = fc.oneof(fc.constant(2), fc.integer({ min: 2, max: 10 }));
    await ctx.property([playersGameId(ctx), rangeEnd(today, 60), span], async (id, to, days) => {
      const query = namedStatisticsQuery(names, {
        metric: 'players',
        resolution: 'raw',
        from: addDays(to, -(days - 1)),
        to,
      });
      const response = await ctx.client.get(statisticsPath(id), { query });
      if (response.status === 422) return expectErrorEnvelope(response, 422, ['invalid_statistics_query']);
      if (response.status === 503) return expectErrorEnvelope(response, 503, NOT_READY_CODES);
      expectStatus(response, [200, 422, 503]);
      const dates = (longestObjectArray(response.body)?.items ?? []).map(
        (point) => point[names.pointDate] as number,
      );
      const covered = dates.length === 0 ? 0 : Math.max(...dates) - Math.min(...dates);
      expectThat(
        response,
        covered < DAY_SECONDS,
        `Raw statistics over ${days} days cover more than 24 hours`,
        'HTTP 422 invalid_statistics_query, or points within 24 hours (D8)',
        `points spread over ${(covered / 3600).toFixed(1)} hours`,
      );
    });
  },
});
