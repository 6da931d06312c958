import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { validRequestArbitrary } from '../harness/arbitraries/valid-request.ts';
import { securedOperations } from '../../src/core/paths.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { everySecuredPath } from '../harness/every-secured-path.ts';

export const missingHeader = defineCheck({
  id: 'AUTH-MISSING-HEADER',
  area: 'auth',
  source: '§5 rules 1 and 3; §7 error table, authentication_required',
  decisions: ['D29', 'D46'],
  level: 'must',
  title: 'A request without Authorization is refused with 401 authentication_required',
  covers: ['S1.3-KEY', 'S5.1', 'S5.3-MISSING', 'S7.CODE.authentication_required'],
  async run(ctx) {
    // Other spellings of every path, which a router or a rewrite in front of the authentication
    // may read as the endpoint (a trailing slash, a doubled slash, another letter case, a letter
    // percent-encoded): whether
    // the server serves them is open (D46), but without a key each is refused with 401 like
    // every path, a route or not (D29). The first is the minimal pass's one case (a server
    // serving the plain path without a key fails AUTH-KEY-ONLY-IN-HEADER's there too).
    const paths = everySecuredPath(ctx);
    const spellings = [
      ...new Set(
        paths.flatMap((path) => [
          `${path}/`,
          path.replace(/^\/([^/]+)/, '/$1/'),
          path.replace(/\/(\d+)/, '//$1'),
          path.toUpperCase(),
          // The first letter percent-encoded (`/%67ames`): a decoding rewrite ahead of the key check.
          path.replace(/^\/([a-z])/, (_, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`),
        ]),
      ),
    ];
    // The first spelling, then every operation at least once, then the other spellings, then
    // any operation with any valid parameters.
    await ctx.sweep([...spellings.slice(0, 1), ...paths, ...spellings.slice(1)], async (path) => {
      expectErrorEnvelope(await ctx.client.get(path, { auth: 'none' }), 401, 'authentication_required');
    });
    const request = fc
      .constantFrom(...securedOperations(ctx.spec))
      .chain((operation) => validRequestArbitrary(ctx, operation));
    await ctx.property([request], async (sample) => {
      const response = await ctx.client.get(sample.path, { query: sample.query, auth: 'none' });
      expectErrorEnvelope(response, 401, 'authentication_required');
    });
  },
});
