import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import type { KeyLabel } from '../../src/core/http-client.ts';
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
 * request is unauthenticated (§5 rule 3) wherever else a valid key appears.
 *
 * Which key it sends there: a key in a URL lands in the access logs of the server and of every
 * load balancer, CDN or WAF in front of it, so by default this check uses the low-limit key (a
 * test key the user gave for the rate-limit checks; a correct server does not even read it
 * there, so it spends none of its quota) and skips without one. The user's primary key — the
 * CI secret — goes outside the Authorization header only with `--probe-key-elsewhere primary`.
 */
export const keyOnlyInHeader = defineCheck({
  id: 'AUTH-KEY-ONLY-IN-HEADER',
  area: 'auth',
  source: '§5 rules 1 and 3 (the key in Authorization: Bearer; no header → 401 authentication_required)',
  level: 'must',
  title: 'A valid key anywhere but the Authorization header authenticates nothing',
  covers: ['S5.1', 'S5.3-MISSING'],
  // Sends the low-limit key (elsewhere than Authorization): its first verdict before the exhausting checks spend the key.
  usesLowLimitKey: true,
  async run(ctx) {
    const key = probeKey(ctx.hints.probeKeyElsewhere ?? 'low-limit', ctx.hints.lowLimitKey?.present === true);
    if (typeof key !== 'string') return ctx.skip(key.reason);
    const paths = everySecuredPath(ctx);
    // Each place once first, on a different operation each, then any place on any operation.
    const examples = PLACES.map(
      (place, i) => [paths[i % paths.length]!, place] as [string, (typeof PLACES)[number]],
    );
    await ctx.property(
      [fc.constantFrom(...paths), fc.constantFrom(...PLACES)],
      async (path, place) => {
        const response = await ctx.client.get(path, {
          auth: 'none',
          keyElsewhere: { ...place, key },
          fresh: true,
        });
        expectErrorEnvelope(response, 401, 'authentication_required');
      },
      { numRuns: Math.min(ctx.runs, paths.length * PLACES.length), examples },
    );
  },
});

/** The key the user allows outside the Authorization header, or why there is none. */
function probeKey(
  choice: 'low-limit' | 'primary' | 'off',
  hasLowLimitKey: boolean,
): KeyLabel | { reason: string } {
  if (choice === 'primary') return 'primary';
  if (choice === 'low-limit' && hasLowLimitKey) return 'low-limit';
  const how =
    'give --low-limit-key (a test key; it is sent in URLs, other headers and a cookie), or ' +
    '--probe-key-elsewhere primary to use the primary key there (it then lands in the access logs ' +
    'of the server and of every proxy in front of it)';
  return {
    reason:
      choice === 'off'
        ? `--probe-key-elsewhere off: no key is sent outside the Authorization header; to run it, ${how}`
        : `no key to send outside the Authorization header: the primary key is kept out of URLs; ${how}`,
  };
}
