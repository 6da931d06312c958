import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { pathValuesArbitrary } from './arbitraries/path-values.ts';
import { securedPathTemplates } from '../../src/core/secured-path-templates.ts';
import { concretePath } from '../../src/core/concrete-path.ts';
import { expectNoCorsGrant } from './support/expect-no-cors-grant.ts';

export const noCorsSimple = defineCheck({
  id: 'PROTOCOL-NO-CORS-SIMPLE',
  area: 'protocol',
  source: '§1 rule 3 ("Cross-origin browser access is not enabled"); §5 rule 5',
  level: 'must',
  title: 'A request from a foreign Origin gets no Access-Control-Allow-* headers',
  covers: ['S1.3-CORS', 'S5.5'],
  async run(ctx) {
    const path = fc
      .tuple(fc.constantFrom(...securedPathTemplates(ctx.spec)), pathValuesArbitrary(ctx.discovery))
      .map(([template, values]) => concretePath(template, values));
    const origin = fc.oneof(
      fc.constant('https://evil.example'),
      fc.domain().map((domain) => `https://${domain}`),
      fc.constant('null'),
    );
    await ctx.property(
      [path, origin],
      async (target, from) => {
        expectNoCorsGrant(await ctx.client.get(target, { headers: { Origin: from } }));
      },
      // One header rule; a handful of paths and origins is enough.
      { numRuns: Math.min(ctx.runs, 15) },
    );
  },
});
