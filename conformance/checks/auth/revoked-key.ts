import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { securedOperations, concretePath } from '../../src/core/paths.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { pathValuesArbitrary } from '../harness/arbitraries/path-values.ts';
import { everySecuredPath } from '../harness/every-secured-path.ts';

export const revokedKey = defineCheck({
  id: 'AUTH-REVOKED-KEY',
  area: 'auth',
  source: '§5 rule 3 (revoked key); §7 error table, invalid_api_key',
  level: 'must',
  title: 'A revoked key is refused with 401 invalid_api_key',
  covers: ['S5.3-INVALID', 'S7.CODE.invalid_api_key'],
  async run(ctx) {
    if (!ctx.hints.revokedKey?.present) ctx.skip('no revoked key given (--revoked-key)');
    await ctx.sweep(everySecuredPath(ctx), async (path) => {
      expectErrorEnvelope(await ctx.client.get(path, { auth: 'revoked' }), 401, 'invalid_api_key');
    });
    const path = fc
      .tuple(fc.constantFrom(...securedOperations(ctx.spec)), pathValuesArbitrary(ctx.discovery))
      .map(([operation, values]) => concretePath(operation.path, values));
    // Every operation is covered above; a few more ids are enough.
    await ctx.property(
      [path],
      async (target) => {
        expectErrorEnvelope(await ctx.client.get(target, { auth: 'revoked' }), 401, 'invalid_api_key');
      },
      { numRuns: Math.min(ctx.runs, 20) },
    );
  },
});
