import { defineCheck } from '../../src/core/check.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { unknownPathArbitrary } from '../harness/arbitraries/unknown-path.ts';

export const beforeRouting = defineCheck({
  id: 'AUTH-BEFORE-ROUTING',
  area: 'auth',
  source: '§5 rule 1 (every endpoint requires the key; DECISIONS D29)',
  level: 'must',
  title: 'An unknown path without a key is answered 401, not 404',
  covers: ['S1.3-KEY', 'S5.1'],
  async run(ctx) {
    await ctx.property(
      [unknownPathArbitrary(ctx.spec, ctx.discovery)],
      async (path) => {
        expectErrorEnvelope(await ctx.client.get(path, { auth: 'none' }), 401, 'authentication_required');
      },
      // One ordering question, asked of many paths: a few dozen suffice.
      { numRuns: Math.min(ctx.runs, 30) },
    );
  },
});
