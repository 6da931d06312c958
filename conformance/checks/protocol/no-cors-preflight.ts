import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { pathValuesArbitrary } from './arbitraries/path-values.ts';
import { securedPathTemplates } from '../../src/core/secured-path-templates.ts';
import { concretePath } from '../../src/core/concrete-path.ts';
import { expectNoCorsGrant } from './support/expect-no-cors-grant.ts';

export const noCorsPreflight = defineCheck({
  id: 'PROTOCOL-NO-CORS-PREFLIGHT',
  area: 'protocol',
  source: '§1 rule 3 ("Cross-origin browser access is not enabled"); §5 rule 5',
  level: 'must',
  title: 'A CORS preflight gets no Access-Control-Allow-* headers',
  covers: ['S1.3-CORS', 'S5.5'],
  async run(ctx) {
    const path = fc
      .tuple(fc.constantFrom(...securedPathTemplates(ctx.spec)), pathValuesArbitrary(ctx.discovery))
      .map(([template, values]) => concretePath(template, values));
    const origin = fc.oneof(
      fc.constant('https://evil.example'),
      fc.domain().map((domain) => `https://${domain}`),
    );
    // A browser's preflight carries no credentials; it asks whether GET with Authorization may follow.
    await ctx.property(
      [path, origin, fc.constantFrom('GET', 'POST')],
      async (target, from, method) => {
        const response = await ctx.client.request(target, {
          method: 'OPTIONS',
          auth: 'none',
          headers: {
            Origin: from,
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
