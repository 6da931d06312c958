import { countedKeyAnswer } from './support/counted-key.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { defineCheck } from '../../src/core/check.ts';
import { expectHeader } from '../../src/core/expect.ts';
import {
  anyRequestArbitrary,
  anyRequestExamples,
  type RequestKind,
} from '../harness/arbitraries/any-request.ts';
import { sendSample } from '../harness/send-sample.ts';
import { RATE_LIMITED_STATUSES } from './support/authenticated-statuses.ts';
import { expectRateLimitHeaders } from './support/rate-limit-headers.ts';

const KINDS: RequestKind[] = [
  'ok',
  'unknown-game',
  'unknown-route',
  'method',
  'invalid-filter',
  'invalid-date-range',
];

export const headersPresent = defineCheck({
  id: 'RATE-LIMIT-HEADERS-PRESENT',
  area: 'rate-limit',
  source: '§7 response headers (X-RateLimit-Limit, -Remaining, -Reset, X-Request-ID)',
  level: 'must',
  title: 'Authenticated responses carry integer rate-limit headers and X-Request-ID',
  covers: ['S7.H.WHEN', 'S7.H.LIMIT', 'S7.H.REMAINING', 'S7.H.RESET', 'S7.H.REQUESTID'],
  async run(ctx) {
    const seen = new Set<number>();
    const judge = (response: ApiResponse): boolean => {
      if (RATE_LIMITED_STATUSES.includes(response.status)) {
        seen.add(response.status);
        expectRateLimitHeaders(response);
        return true;
      }
      if (response.status === 500) {
        expectHeader(response, 'X-Request-ID', (value) => value.trim() !== '', 'X-Request-ID on a 500 (§7)');
        return true;
      }
      // 503 (statistics): tolerant, D37. Wrong statuses are other checks' business.
      return false;
    };
    // Every answer the run already has to a counted key (any method), then requests of every kind.
    ctx.judgeObserved(countedKeyAnswer(ctx), judge);
    await ctx.property(
      [anyRequestArbitrary(ctx, KINDS)],
      async (sample) => {
        judge(await sendSample(ctx, sample));
      },
      { examples: anyRequestExamples(ctx, KINDS) },
    );
    ctx.log(`statuses seen: ${[...seen].sort().join(', ')}`);
  },
});
