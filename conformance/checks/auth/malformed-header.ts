import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { securedOperations, concretePath } from '../../src/core/paths.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { pathValuesArbitrary } from '../harness/arbitraries/path-values.ts';
import { unknownKeyArbitrary } from '../harness/arbitraries/any-request.ts';
import {
  HOSTILE_TOKENS,
  MALFORMED_EXAMPLES,
  malformedAuthorizationArbitrary,
  type RawAuthorization,
} from './arbitraries/malformed-authorization.ts';
import { authorizationFrame, framedAuthorization } from './arbitraries/authorization-frame.ts';

export const malformedHeader = defineCheck({
  id: 'AUTH-MALFORMED-HEADER',
  area: 'auth',
  source: '§5 rule 3 (malformed key; DECISIONS D51); §7 error table, invalid_api_key',
  level: 'must',
  title: 'An Authorization value that is not "Bearer <token>" is refused with 401 invalid_api_key',
  covers: ['S5.3-INVALID', 'S7.CODE.invalid_api_key'],
  async run(ctx) {
    // A scheme without a token first; then hostile tokens in the Bearer frame (SQL text, a broken
    // escape); then the other frames.
    const [bare, ...frames] = MALFORMED_EXAMPLES;
    const hostile = HOSTILE_TOKENS.slice(0, 2).map((t) => `Bearer ${t}`);
    const sweep: RawAuthorization[] = [bare!, ...hostile, ...frames];
    await ctx.sweep(sweep, async (raw) => {
      expectErrorEnvelope(await ctx.client.get('/tags', { auth: { raw } }), 401, 'invalid_api_key');
    });
    const path = fc
      .tuple(fc.constantFrom(...securedOperations(ctx.spec)), pathValuesArbitrary(ctx.discovery))
      .map(([operation, values]) => concretePath(operation.path, values));
    // The frames of the grammar that are malformed under every reading (D51), around a token.
    const framed = fc
      .tuple(
        authorizationFrame.filter((frame) => frame.withKey === 'invalid'),
        unknownKeyArbitrary,
        unknownKeyArbitrary,
      )
      .map(([frame, token, other]) => framedAuthorization(frame, token, other));
    await ctx.property([path, fc.oneof(malformedAuthorizationArbitrary, framed)], async (target, raw) => {
      expectErrorEnvelope(await ctx.client.get(target, { auth: { raw } }), 401, 'invalid_api_key');
    });
  },
});
