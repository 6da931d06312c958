import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { everySecuredPath } from '../harness/every-secured-path.ts';

/** Where keys are smuggled in APIs that accept them elsewhere (OWASP API2: broken authentication). */
const PLACES = [
  { in: 'query', name: 'api_key' },
  { in: 'query', name: 'key' },
  { in: 'query', name: 'access_token' },
  { in: 'query', name: 'token' },
  { in: 'header', name: 'X-API-Key' },
  { in: 'header', name: 'Api-Key' },
  { in: 'cookie', name: 'api_key' },
] as const;

/**
 * §5 rule 1 names one place for the key, `Authorization: Bearer`; without that header the
 * request is unauthenticated (§5 rule 3) wherever else the valid key appears.
 */
export const keyOnlyInHeader = defineCheck({
  id: 'AUTH-KEY-ONLY-IN-HEADER',
  area: 'auth',
  source: '§5 rules 1 and 3 (the key in Authorization: Bearer; no header → 401 authentication_required)',
  level: 'must',
  title: 'A valid key anywhere but the Authorization header authenticates nothing',
  covers: ['S5.1', 'S5.3-MISSING'],
  async run(ctx) {
    const paths = everySecuredPath(ctx);
    // Each place once first, on a different operation each, then any place on any operation.
    const examples = PLACES.map(
      (place, i) => [paths[i % paths.length]!, place] as [string, (typeof PLACES)[number]],
    );
    await ctx.property(
      [fc.constantFrom(...paths), fc.constantFrom(...PLACES)],
      async (path, place) => {
        const response = await ctx.client.get(path, { auth: 'none', keyElsewhere: place, fresh: true });
        expectErrorEnvelope(response, 401, 'authentication_required');
      },
      { numRuns: Math.min(ctx.runs, paths.length * PLACES.length), examples },
    );
  },
});
