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
import { RATE_LIMITED_STATUSES } from './support/authenticated-statuses.ts';
import { integerHeader } from './support/rate-limit-headers.ts';
import { classifyReset, nextUtcMidnight } from '../../src/core/reset-window.ts';

/** Every kind of counted answer; one fixed request of each runs first. */
const KINDS: RequestKind[] = ['ok', 'unknown-route', 'method', 'invalid-filter'];

export const resetPlausible = defineCheck({
  id: 'RATE-LIMIT-RESET-PLAUSIBLE',
  area: 'rate-limit',
  source: '§7 response headers, X-RateLimit-Reset (DECISIONS D32)',
  level: 'must',
  title: 'X-RateLimit-Reset is the Unix time at which the minute or the UTC day resets',
  covers: ['S7.H.RESET'],
  async run(ctx) {
    let compared = 0;
    let undated = 0;
    const judge = (response: ApiResponse): boolean => {
      if (!RATE_LIMITED_STATUSES.includes(response.status)) return false;
      const reset = integerHeader(response, 'x-ratelimit-reset');
      if (reset === undefined) return false;
      const serverDate = response.serverDate;
      if (serverDate === undefined) {
        undated += 1;
        return false;
      }
      compared += 1;
      if (classifyReset(reset, serverDate) === 'implausible') {
        const date = Math.floor(serverDate / 1000);
        failWith(
          response,
          `X-RateLimit-Reset ${reset} is neither within a minute of Date nor the next UTC midnight`,
          `a Unix time in (${date}, ${date + 60}] (minute) or ${nextUtcMidnight(date)} (next 00:00:00Z), ±2 s; Date is ${date}`,
          `X-RateLimit-Reset ${reset} (${reset - date} s after Date)`,
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
      { numRuns: Math.min(ctx.runs, 20), examples: anyRequestExamples(ctx, KINDS) },
    );
    if (compared === 0 && undated > 0)
      ctx.skip('the server sends no Date header to compare X-RateLimit-Reset with');
    if (compared === 0)
      ctx.skip('no response carried an integer X-RateLimit-Reset (see RATE-LIMIT-HEADERS-PRESENT)');
  },
});
