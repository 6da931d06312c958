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
    await ctx.property(
      [anyRequestArbitrary(ctx, KINDS)],
      async (sample) => {
        const response = await sendSample(ctx, sample);
        if (RATE_LIMITED_STATUSES.includes(response.status)) {
          seen.add(response.status);
          expectRateLimitHeaders(response);
        } else if (response.status === 500) {
          expectHeader(
            response,
            'X-Request-ID',
            (value) => value.trim() !== '',
            'X-Request-ID on a 500 (§7)',
          );
        }
        // 503 (statistics): tolerant, D37. Wrong statuses are other checks' business.
      },
      { examples: anyRequestExamples(ctx, KINDS) },
    );
    ctx.log(`statuses seen: ${[...seen].sort().join(', ')}`);
  },
});
