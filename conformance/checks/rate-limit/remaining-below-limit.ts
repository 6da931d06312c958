import { countedKeyAnswer } from './support/counted-key.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import {
  anyRequestArbitrary,
  anyRequestExamples,
  type RequestKind,
} from '../harness/arbitraries/any-request.ts';
import { sendSample } from '../harness/send-sample.ts';
import { integerHeader } from './support/rate-limit-headers.ts';

/** Statuses of requests that were counted (§7: the headers follow rate-limit accounting; D31: 429 is not counted). */
const COUNTED = [200, 404, 405, 422];

/** Every kind of counted answer; one fixed request of each runs first. */
const KINDS: RequestKind[] = ['ok', 'unknown-game', 'unknown-route', 'method', 'invalid-filter'];

export const remainingBelowLimit = defineCheck({
  id: 'RATE-LIMIT-REMAINING-BELOW-LIMIT',
  area: 'rate-limit',
  source: '§7 response headers, X-RateLimit-Limit and X-RateLimit-Remaining',
  level: 'must',
  title: 'After a counted request X-RateLimit-Remaining is below X-RateLimit-Limit',
  covers: ['S7.H.REMAINING', 'S7.H.LIMIT'],
  async run(ctx) {
    let compared = 0;
    const judge = (response: ApiResponse): boolean => {
      if (!COUNTED.includes(response.status)) return false;
      const limit = integerHeader(response, 'x-ratelimit-limit');
      const remaining = integerHeader(response, 'x-ratelimit-remaining');
      if (limit === undefined || remaining === undefined) return false;
      compared += 1;
      // Remaining is the smaller of the minute's and the day's; the minute's is at most Limit − 1.
      if (remaining > limit - 1) {
        failWith(
          response,
          `X-RateLimit-Remaining ${remaining} is not below X-RateLimit-Limit ${limit}`,
          `X-RateLimit-Remaining ≤ ${limit - 1} (this request was counted)`,
          `X-RateLimit-Remaining ${remaining}`,
        );
      }
      return true;
    };
    ctx.judgeObserved(countedKeyAnswer(ctx), judge);
    await ctx.property(
      [anyRequestArbitrary(ctx, KINDS)],
      async (sample) => {
        judge(await sendSample(ctx, sample));
      },
      { numRuns: Math.min(ctx.runs, 30), examples: anyRequestExamples(ctx, KINDS) },
    );
    if (compared === 0)
      ctx.skip(
        'no response carried integer X-RateLimit-Limit and -Remaining (see RATE-LIMIT-HEADERS-PRESENT)',
      );
  },
});
