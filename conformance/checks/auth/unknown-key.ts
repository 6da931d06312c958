import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { unknownKeyArbitrary } from '../harness/arbitraries/any-request.ts';
import { validRequestArbitrary } from '../harness/arbitraries/valid-request.ts';
import { securedOperations } from '../../src/core/paths.ts';
import { expectErrorEnvelope } from '../../src/core/expect.ts';
import { BEARER_FRAME, authorizationFrame, framedAuthorization } from './arbitraries/authorization-frame.ts';
import { applyKeyEdit } from './arbitraries/key-edit.ts';
import type { SampleRequest } from '../harness/arbitraries/sample-request.ts';

/** Stands for the user's own key with its last character changed (built when sent, never stored). */
const NEAR_MISS: unique symbol = Symbol('the key with its last character changed');

/** The first case: the taxonomy, asked with the near miss of the key. */
const TAGS: SampleRequest = { kind: 'ok', method: 'GET', path: '/tags', query: [], auth: 'primary' };

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
    // First, the key itself with its last character changed: a key compared by a leading part
    // (a prefix index, a truncated column) takes it, where an unrelated key is refused.
    await ctx.property(
      [request, wellFormed, unknownKeyArbitrary as fc.Arbitrary<string | typeof NEAR_MISS>],
      async (sample, frame, key) => {
        const response = await ctx.client.get(sample.path, {
          query: sample.query,
          auth:
            key === NEAR_MISS
              ? {
                  framed: (own) =>
                    framedAuthorization(
                      frame,
                      applyKeyEdit({ edit: 'change', at: own.length - 1, to: '0' }, own),
                      own,
                    ),
                }
              : { raw: framedAuthorization(frame, key, key) },
        });
        expectErrorEnvelope(response, 401, 'invalid_api_key');
      },
      { examples: [[TAGS, BEARER_FRAME, NEAR_MISS]] },
    );
  },
});
