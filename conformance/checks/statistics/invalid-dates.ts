import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { QueryPairs } from '../../src/core/http-client.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { impossibleDate } from '../harness/arbitraries/impossible-date.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { findReadyGame } from './support/find-ready-game.ts';
import { activityPatternPath, statisticsPath } from './support/statistics-path.ts';

export const invalidDates = defineCheck({
  id: 'STATISTICS-INVALID-DATES',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rules 1–3 (from/to YYYY-MM-DD; "Invalid queries return 422 invalid_statistics_query"); §7 error table',
  level: 'must',
  title: 'Statistics refuse a non-date or a reversed range with invalid_statistics_query',
  covers: ['S4.STATS.3-422', 'S7.CODE.invalid_statistics_query', 'S4.STATS.1', 'S4.STATS.2'],
  async run(ctx) {
    const id = await findReadyGame(ctx);
    const today = utcDateOf(ctx.discovery.serverNow());
    const badRange: fc.Arbitrary<QueryPairs> = fc.oneof(
      impossibleDate().map((bad): QueryPairs => [
        ['from', bad],
        ['to', today],
      ]),
      impossibleDate().map((bad): QueryPairs => [
        ['from', addDays(today, -5)],
        ['to', bad],
      ]),
      fc.integer({ min: 1, max: 60 }).map((gap): QueryPairs => [
        ['from', today],
        ['to', addDays(today, -gap)],
      ]),
    );
    await ctx.property(
      [fc.constantFrom(statisticsPath(id), activityPatternPath(id)), badRange],
      async (path, query) => {
        const response = await ctx.client.get(path, { query });
        expectErrorEnvelope(response, 422, ['invalid_statistics_query']);
      },
      // First a range one day reversed: a server that never compares the two dates answers 200.
      {
        examples: [
          [
            statisticsPath(id),
            [
              ['from', today],
              ['to', addDays(today, -1)],
            ],
          ],
        ],
      },
    );
  },
});
