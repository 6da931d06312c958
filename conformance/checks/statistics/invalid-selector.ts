import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { findReadyGame } from './support/find-ready-game.ts';
import { statisticsPath } from './support/statistics-path.ts';
import { statisticsQuery } from './support/statistics-query.ts';
import { METRICS, RESOLUTIONS } from './support/statistics-vocabulary.ts';

const LISTED = new Set<string>([...METRICS, ...RESOLUTIONS]);

export const invalidSelector = defineCheck({
  id: 'STATISTICS-INVALID-SELECTOR',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rule 3 ("Invalid queries return 422 invalid_statistics_query"); §7 error table',
  level: 'profile',
  title: 'A metric or resolution the description does not list is refused with invalid_statistics_query',
  covers: ['S4.STATS.3-422', 'S7.CODE.invalid_statistics_query'],
  decisions: ['D6'],
  async run(ctx) {
    const id = await findReadyGame(ctx);
    // Case and whitespace variants of listed names are left out: a server may accept them.
    const word = fc
      .oneof(
        fc.constantFrom('minutely', 'yearly', 'quarterly', 'users', 'player', 'mobs', 'latency', '0', 'none'),
        fc.stringMatching(/^[a-z]{1,12}$/),
      )
      .filter((value) => !LISTED.has(value.trim().toLowerCase()));
    await ctx.property([fc.constantFrom('metric', 'resolution'), word], async (which, value) => {
      const query = statisticsQuery(ctx, which === 'metric' ? { metric: value } : { resolution: value });
      const response = await ctx.client.get(statisticsPath(id), { query });
      expectErrorEnvelope(response, 422, ['invalid_statistics_query']);
    });
  },
});
