import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { securedOperations, concretePath, knownGameIds } from '../../src/core/paths.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { unknownKeyArbitrary } from '../harness/arbitraries/any-request.ts';

/** The statistics endpoints, described in prose only (§4): found by their paths in the spec. */
const STATISTICS_PATH = /\/(statistics|activity-pattern)$/;
/** A key of the API's shape that no deployment issued (the examples' key). */
const SAMPLE_UNKNOWN_KEY = `gd_live_${'0'.repeat(32)}`;

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
    // Every statistics operation for two games, without a key and with an unknown one.
    const paths = operations.flatMap((operation) =>
      knownGameIds(ctx.discovery)
        .slice(0, 2)
        .map((gameId) => concretePath(operation.path, { gameId })),
    );
    const judge = async (path: string, key: string) => {
      expectErrorEnvelope(await ctx.client.get(path, { auth: 'none' }), 401, 'authentication_required');
      const badKey = await ctx.client.get(path, { auth: { raw: `Bearer ${key}` } });
      expectErrorEnvelope(badKey, 401, 'invalid_api_key');
    };
    await ctx.property(
      [fc.constantFrom(...paths), unknownKeyArbitrary],
      judge,
      // Two requests per case; the rule does not depend on the key's value, so a case per
      // path is enough (the examples take every path with a generated key's shape).
      {
        numRuns: Math.min(ctx.runs, paths.length + 2),
        examples: paths.map((path) => [path, SAMPLE_UNKNOWN_KEY]),
      },
    );
  },
});
