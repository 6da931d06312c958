import { defineCheck } from '../../src/core/check.ts';
import { foreignOriginRequest } from './arbitraries/foreign-origin-request.ts';
import { expectNoCorsGrant } from './support/expect-no-cors-grant.ts';

export const noCorsSimple = defineCheck({
  id: 'PROTOCOL-NO-CORS-SIMPLE',
  area: 'protocol',
  source: '§1 rule 3 ("Cross-origin browser access is not enabled"); §5 rule 5',
  level: 'must',
  title: 'A request from a foreign Origin gets no Access-Control-Allow-* headers',
  covers: ['S1.3-CORS', 'S5.5'],
  async run(ctx) {
    await ctx.property(
      [foreignOriginRequest(ctx, { nullOrigin: true })],
      async ({ path, origin }) => {
        expectNoCorsGrant(await ctx.client.get(path, { headers: { Origin: origin } }));
      },
      // One header rule; a handful of paths and origins is enough.
      { numRuns: Math.min(ctx.runs, 15) },
    );
  },
});
