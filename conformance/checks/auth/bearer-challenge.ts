import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { expectHeader, expectStatus } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { anyRequestArbitrary } from '../harness/arbitraries/any-request.ts';
import { sendSample } from '../harness/send-sample.ts';
import { malformedAuthorizationArbitrary } from './arbitraries/malformed-authorization.ts';
import { CHALLENGE_DESCRIPTION, challengeServiceName } from './support/bearer-challenge.ts';

export const bearerChallenge = defineCheck({
  id: 'AUTH-BEARER-CHALLENGE',
  area: 'auth',
  source: '§5 rule 4; §7 response headers, WWW-Authenticate',
  level: 'must',
  title:
    'Every 401 carries WWW-Authenticate: Bearer realm="<service_name> API" (its own and every other check\'s)',
  covers: ['S5.4', 'S7.H.WWWAUTH'],
  async run(ctx) {
    const unauthenticated = fc.oneof(
      anyRequestArbitrary(ctx, ['no-key', 'bad-key']),
      fc
        .tuple(anyRequestArbitrary(ctx, ['no-key']), malformedAuthorizationArbitrary)
        .map(([sample, raw]) => ({ ...sample, kind: 'malformed-key', auth: { raw } })),
    );
    const challenged = (response: ApiResponse): boolean => {
      expectHeader(
        response,
        'WWW-Authenticate',
        (value) => challengeServiceName(value) !== undefined,
        CHALLENGE_DESCRIPTION,
      );
      return true;
    };
    // Every 401 the run's other requests met (a revoked key's, a key sent elsewhere than the
    // header, the statistics endpoints' …), then 401s of every kind of its own.
    const prefix = `${ctx.client.baseUrl}/`;
    ctx.judgeObserved((response) => response.status === 401 && response.url.startsWith(prefix), challenged);
    await ctx.property([unauthenticated], async (sample) => {
      const response = await sendSample(ctx, sample);
      expectStatus(response, 401);
      challenged(response);
    });
  },
});
