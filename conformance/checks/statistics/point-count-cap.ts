import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { longestObjectArray } from './support/object-arrays.ts';
import { statisticsPath } from './support/statistics-path.ts';
import { statisticsQuery } from './support/statistics-query.ts';
import { namedStatisticsQuery, statisticsNames } from './support/probe-names.ts';
import { observedGets } from '../harness/observed-gets.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';

/**
 * "At most 1,000 points" (§4 statistics rule 1, §8) found by structure, not by name: however
 * a server calls its points, no statistics answer holds an array of more than 1,000 objects —
 * for the defaults and for oversized ranges asked under the probed parameter names (else the
 * profile's: a server with other names ignores or refuses them; refusing is fine, D9) — and in
 * every statistics answer the run receives.
 */
export const pointCountCap = defineCheck({
  id: 'STATISTICS-POINT-COUNT-CAP',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 1 ("at most 1,000 points"); §8 limits, statistics points',
  level: 'must',
  title: 'No statistics answer holds more than 1,000 points, whatever they are called',
  covers: ['S8.STATS1000'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    const oversized = fc.oneof(
      fc.integer({ min: 42, max: 90 }).map((days) => ({ resolution: 'hourly', days })),
      fc.integer({ min: 1001, max: 1500 }).map((days) => ({ resolution: 'daily', days })),
    );
    const first = ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id;
    const names = await statisticsNames(ctx);
    const query = (request: Parameters<typeof statisticsQuery>[1]) =>
      names.metricParam !== undefined && names.resolutionParam !== undefined
        ? namedStatisticsQuery(names, request)
        : statisticsQuery(ctx, request);
    let judged = 0;
    await ctx.property(
      [playersGameId(ctx), fc.option(oversized, { nil: undefined, freq: 4 })],
      async (id, range) => {
        const pairs =
          range === undefined
            ? []
            : query({
                metric: 'players',
                resolution: range.resolution,
                from: addDays(today, -(range.days - 1)),
                to: today,
              });
        const response = await ctx.client.get(statisticsPath(id), { query: pairs });
        // Refused (422) or not ready (503): nothing served, nothing to count (other checks judge those).
        if (response.status !== 200) return;
        judged += 1;
        judgeCap(response);
      },
      {
        numRuns: Math.min(ctx.runs, 25),
        examples:
          first === undefined
            ? []
            : [
                [first, undefined],
                [first, { resolution: 'hourly', days: 60 }],
              ],
      },
    );
    // And every statistics answer the run receives, to its end, whatever it asked.
    judged += ctx.judgeObserved(observedGets(ctx, /^\/games\/\d+\/statistics$/), (response) => {
      judgeCap(response);
      return true;
    });
    if (judged === 0) ctx.skip('no statistics answer was served (all refused or not ready)');
  },
});

/** Fails when the answer's longest array of objects holds more than 1,000. */
function judgeCap(response: ApiResponse): void {
  const points = longestObjectArray(response.body);
  expectThat(
    response,
    (points?.length ?? 0) <= 1000,
    'A statistics answer holds more than 1,000 points',
    'at most 1,000 points (or a refusal of the range)',
    `${points?.length} objects at ${points?.path}`,
  );
}
