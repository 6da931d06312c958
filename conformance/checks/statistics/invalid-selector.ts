import fc from 'fast-check';
import { INHERITED_NAMES } from '../harness/arbitraries/inherited-names.ts';
import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { findReadyGame } from './support/find-ready-game.ts';
import { namedStatisticsQuery, requireNames } from './support/probe-names.ts';
import { statisticsPath } from './support/statistics-path.ts';
import { METRICS, RESOLUTIONS } from './support/statistics-vocabulary.ts';

const LISTED = new Set<string>([...METRICS, ...RESOLUTIONS]);

/**
 * A metric or resolution outside §4's lists is refused with 422 invalid_statistics_query
 * (§4 rule 3, §7 "Metric, resolution … invalid"), sent under the parameter names the probe
 * found: the probe finds them by a valid value changing the answer, never by a refusal, so
 * a server that accepts anything is still asked under its own names.
 */
export const invalidSelector = defineCheck({
  id: 'STATISTICS-INVALID-SELECTOR',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rule 3 ("Invalid queries return 422 invalid_statistics_query"); §7 error table',
  level: 'must',
  title: 'A metric or resolution the description does not list is refused with invalid_statistics_query',
  covers: ['S4.STATS.3-422', 'S7.CODE.invalid_statistics_query'],
  async run(ctx) {
    const names = await requireNames(ctx, ['metricParam', 'resolutionParam']);
    const id = names.readyGameId ?? (await findReadyGame(ctx));
    // Case and whitespace variants of listed names are left out: a server may accept them.
    const word = fc
      .oneof(
        fc.constantFrom('minutely', 'yearly', 'quarterly', 'users', 'player', 'mobs', 'latency', '0', 'none'),
        fc.stringMatching(/^[a-z]{1,12}$/),
        fc.constantFrom(...INHERITED_NAMES),
      )
      .filter((value) => !LISTED.has(value.trim().toLowerCase()));
    await ctx.property(
      [fc.constantFrom('metric', 'resolution'), word],
      async (which, value) => {
        const query = namedStatisticsQuery(
          names,
          which === 'metric' ? { metric: value } : { resolution: value },
        );
        const response = await ctx.client.get(statisticsPath(id), { query });
        expectErrorEnvelope(response, 422, ['invalid_statistics_query']);
      },
      {
        examples: [
          ['metric', 'users'],
          ['resolution', 'yearly'],
        ],
      },
    );
  },
});
