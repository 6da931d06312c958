import { defineCheck } from '../../src/core/check.ts';
import { securedOperations, concretePath, knownGameIds } from '../../src/core/paths.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { unknownKeyArbitrary } from '../harness/arbitraries/any-request.ts';

/** The statistics endpoints, described in prose only (§4): found by their paths in the spec. */
const STATISTICS_PATH = /\/(statistics|activity-pattern)$/;

export const statisticsRequireKey = defineCheck({
  id: 'AUTH-STATISTICS-REQUIRE-KEY',
  area: 'auth',
  source: '§4 statistics endpoints ("Both require the same Bearer key")',
  level: 'must',
  title: 'The statistics endpoints refuse requests without a valid key',
  covers: ['S4.STATS.KEY'],
  async run(ctx) {
    const operations = securedOperations(ctx.spec).filter((operation) =>
      STATISTICS_PATH.test(operation.path),
    );
    if (operations.length === 0) ctx.skip('the spec has no statistics operations');
    await ctx.property(
      [unknownKeyArbitrary],
      async (key) => {
        for (const operation of operations) {
          for (const gameId of knownGameIds(ctx.discovery).slice(0, 2)) {
            const path = concretePath(operation.path, { gameId });
            expectErrorEnvelope(await ctx.client.get(path, { auth: 'none' }), 401, 'authentication_required');
            const badKey = await ctx.client.get(path, { auth: { raw: `Bearer ${key}` } });
            expectErrorEnvelope(badKey, 401, 'invalid_api_key');
          }
        }
      },
      // Eight requests per case; the rule does not depend on the key's value.
      { numRuns: Math.min(ctx.runs, 5) },
    );
  },
});
