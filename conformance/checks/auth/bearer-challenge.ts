import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectHeader, expectStatus } from '../../src/core/expect.ts';
import { anyRequestArbitrary } from '../harness/arbitraries/any-request.ts';
import { sendSample } from '../harness/send-sample.ts';
import { malformedAuthorizationArbitrary } from './arbitraries/malformed-authorization.ts';
import { CHALLENGE_DESCRIPTION, challengeServiceName } from './support/bearer-challenge.ts';

export const bearerChallenge = defineCheck({
  id: 'AUTH-BEARER-CHALLENGE',
  area: 'auth',
  source: '§5 rule 4; §7 response headers, WWW-Authenticate',
  level: 'must',
  title: 'Every 401 carries WWW-Authenticate: Bearer realm="<service_name> API"',
  covers: ['S5.4', 'S7.H.WWWAUTH'],
  async run(ctx) {
    const unauthenticated = fc.oneof(
      anyRequestArbitrary(ctx, ['no-key', 'bad-key']),
      fc
        .tuple(anyRequestArbitrary(ctx, ['no-key']), malformedAuthorizationArbitrary)
        .map(([sample, raw]) => ({ ...sample, kind: 'malformed-key', auth: { raw } })),
    );
    await ctx.property([unauthenticated], async (sample) => {
      const response = await sendSample(ctx, sample);
      expectStatus(response, 401);
      expectHeader(
        response,
        'WWW-Authenticate',
        (value) => challengeServiceName(value) !== undefined,
        CHALLENGE_DESCRIPTION,
      );
    });
  },
});
