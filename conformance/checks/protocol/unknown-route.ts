import { defineCheck } from '../../src/core/check.ts';
import { unknownPathArbitrary } from '../harness/arbitraries/unknown-path.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';

export const unknownRoute = defineCheck({
  id: 'PROTOCOL-UNKNOWN-ROUTE',
  area: 'protocol',
  source: '§4 endpoints ("An unknown path returns 404 (route_not_found)"); §7 error table, route_not_found',
  level: 'must',
  title: 'A path no endpoint serves is answered 404 route_not_found',
  covers: ['S4.404', 'S7.CODE.route_not_found'],
  async run(ctx) {
    await ctx.property(
      [unknownPathArbitrary(ctx.spec, ctx.discovery)],
      async (path) => {
        expectErrorEnvelope(await ctx.client.get(path), 404, 'route_not_found');
      },
      // First a served path with a format suffix (`/tags.json`): a router stripping it answers;
      // then a scanner's probe with markup in it (a filter ahead of the API may answer it).
      {
        numRuns: Math.min(ctx.runs, 50),
        examples: [['/tags.json'], ['/%3Cscript%3Ealert(1)%3C/script%3E']],
      },
    );
  },
});
