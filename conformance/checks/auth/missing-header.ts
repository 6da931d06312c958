import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { validRequestArbitrary } from '../harness/arbitraries/valid-request.ts';
import { securedOperations } from '../../src/core/paths.ts';
import { expectErrorEnvelope, failWith } from '../../src/core/expect.ts';
import { everySecuredPath } from '../harness/every-secured-path.ts';

export const missingHeader = defineCheck({
  id: 'AUTH-MISSING-HEADER',
  area: 'auth',
  source: '§5 rules 1 and 3; §7 error table, authentication_required',
  level: 'must',
  title: 'A request without Authorization is refused with 401 authentication_required',
  covers: ['S1.3-KEY', 'S5.1', 'S5.3-MISSING', 'S7.CODE.authentication_required'],
  async run(ctx) {
    // Every operation at least once, then any operation with any valid parameters.
    await ctx.sweep(everySecuredPath(ctx), async (path) => {
      expectErrorEnvelope(await ctx.client.get(path, { auth: 'none' }), 401, 'authentication_required');
    });
    const request = fc
      .constantFrom(...securedOperations(ctx.spec))
      .chain((operation) => validRequestArbitrary(ctx, operation));
    await ctx.property([request], async (sample) => {
      const response = await ctx.client.get(sample.path, { query: sample.query, auth: 'none' });
      expectErrorEnvelope(response, 401, 'authentication_required');
    });
    // Then other spellings of every path, which a router or a rewrite in front of the
    // authentication may read as the endpoint (a trailing slash, a doubled slash, another letter
    // case): whether the server serves them is open (D46: 404 or the endpoint), but never without
    // a key — no answer to them may be a success.
    const spellings = everySecuredPath(ctx).flatMap((path) => [
      `${path}/`,
      path.replace(/^\/([^/]+)/, '/$1/'),
      path.replace(/\/(\d+)/, '//$1'),
      path.toUpperCase(),
    ]);
    await ctx.sweep([...new Set(spellings)], async (path) => {
      const response = await ctx.client.get(path, { auth: 'none' });
      if (response.status >= 200 && response.status < 300) {
        failWith(
          response,
          `${path} is answered ${response.status} without a key`,
          'an error (401 authentication_required, or 404 where the spelling is no route: D46)',
          `HTTP ${response.status}`,
        );
      }
    });
  },
});
