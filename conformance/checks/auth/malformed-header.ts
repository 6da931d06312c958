import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { securedOperations, concretePath } from '../../src/core/paths.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { pathValuesArbitrary } from '../harness/arbitraries/path-values.ts';
import {
  MALFORMED_EXAMPLES,
  malformedAuthorizationArbitrary,
} from './arbitraries/malformed-authorization.ts';

export const malformedHeader = defineCheck({
  id: 'AUTH-MALFORMED-HEADER',
  area: 'auth',
  source: '§5 rule 3 (malformed key; DECISIONS D51); §7 error table, invalid_api_key',
  level: 'must',
  title: 'An Authorization value that is not "Bearer <token>" is refused with 401 invalid_api_key',
  covers: ['S5.3-INVALID', 'S7.CODE.invalid_api_key'],
  async run(ctx) {
    for (const raw of MALFORMED_EXAMPLES) {
      expectErrorEnvelope(await ctx.client.get('/tags', { auth: { raw } }), 401, 'invalid_api_key');
    }
    const path = fc
      .tuple(fc.constantFrom(...securedOperations(ctx.spec)), pathValuesArbitrary(ctx.discovery))
      .map(([operation, values]) => concretePath(operation.path, values));
    await ctx.property([path, malformedAuthorizationArbitrary], async (target, raw) => {
      expectErrorEnvelope(await ctx.client.get(target, { auth: { raw } }), 401, 'invalid_api_key');
    });
  },
});
