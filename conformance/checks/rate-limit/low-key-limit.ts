import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import { requireRateLimitHeaders } from './support/rate-limit-headers.ts';
import { sendWithLowLimitKey } from './support/low-limit-key.ts';

export const lowKeyLimit = defineCheck({
  id: 'RATE-LIMIT-LOW-KEY-LIMIT',
  area: 'rate-limit',
  source:
    "§7 response headers, X-RateLimit-Limit (the key's configured per-minute limit); §8 requests per minute",
  level: 'must',
  title: "X-RateLimit-Limit is the key's configured per-minute limit",
  covers: ['S7.H.LIMIT', 'S8.PERMINUTE'],
  // Reads the low-limit key's Limit before the exhausting checks spend its minute.
  usesLowLimitKey: true,
  async run(ctx) {
    const hint = ctx.hints.lowLimitKey;
    if (!hint?.present) return ctx.skip('no low-limit key given (--low-limit-key)');
    if (hint.perMinute === undefined) {
      return ctx.skip("the low-limit key's per-minute limit is not given (--low-limit-per-minute)");
    }
    const response = await sendWithLowLimitKey(ctx);
    const { limit } = requireRateLimitHeaders(ctx, response);
    if (limit !== hint.perMinute) {
      failWith(
        response,
        'X-RateLimit-Limit is not the configured per-minute limit of the key',
        `X-RateLimit-Limit ${hint.perMinute} (--low-limit-per-minute)`,
        `X-RateLimit-Limit ${limit}`,
      );
    }
  },
});
