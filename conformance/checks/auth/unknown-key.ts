import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { unknownKeyArbitrary } from '../harness/arbitraries/any-request.ts';
import { validRequestArbitrary } from '../harness/arbitraries/valid-request.ts';
import { securedOperations } from '../../src/core/paths.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { authorizationFrame, framedAuthorization } from './arbitraries/authorization-frame.ts';

export const unknownKey = defineCheck({
  id: 'AUTH-UNKNOWN-KEY',
  area: 'auth',
  source: '§5 rule 3 (invalid key); §7 error table, invalid_api_key',
  level: 'must',
  title: 'A well-formed key the service never issued is refused with 401 invalid_api_key',
  covers: ['S5.3-INVALID', 'S7.CODE.invalid_api_key'],
  async run(ctx) {
    const request = fc
      .constantFrom(...securedOperations(ctx.spec))
      .chain((operation) => validRequestArbitrary(ctx, operation));
    // Every spelling a valid key may be accepted in (scheme case, RFC 9110 §11.1; runs of
    // spaces; whitespace around the value) carries an unknown key here.
    const wellFormed = authorizationFrame.filter((frame) => frame.withKey !== 'invalid');
    await ctx.property([request, wellFormed, unknownKeyArbitrary], async (sample, frame, key) => {
      const response = await ctx.client.get(sample.path, {
        query: sample.query,
        auth: { raw: framedAuthorization(frame, key, key) },
      });
      expectErrorEnvelope(response, 401, 'invalid_api_key');
    });
  },
});
