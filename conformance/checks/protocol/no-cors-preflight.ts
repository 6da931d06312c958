import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { foreignOriginRequest } from './arbitraries/foreign-origin-request.ts';
import { expectNoCorsGrant } from './support/expect-no-cors-grant.ts';

export const noCorsPreflight = defineCheck({
  id: 'PROTOCOL-NO-CORS-PREFLIGHT',
  area: 'protocol',
  source: '§1 rule 3 ("Cross-origin browser access is not enabled"); §5 rule 5',
  level: 'must',
  title: 'A CORS preflight gets no Access-Control-Allow-* headers',
  covers: ['S1.3-CORS', 'S5.5'],
  async run(ctx) {
    // A browser's preflight carries no credentials; it asks whether GET with Authorization may follow.
    await ctx.property(
      [foreignOriginRequest(ctx), fc.constantFrom('GET', 'POST')],
      async ({ path, origin }, method) => {
        const response = await ctx.client.request(path, {
          method: 'OPTIONS',
          auth: 'none',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': method,
            'Access-Control-Request-Headers': 'authorization',
          },
        });
        expectNoCorsGrant(response);
      },
      { numRuns: Math.min(ctx.runs, 15) },
    );
  },
});
