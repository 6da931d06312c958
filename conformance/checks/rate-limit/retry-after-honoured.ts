import { defineCheck } from '../../src/core/check.ts';
import { expectHeader, expectStatus } from '../../src/core/expect.ts';
import {
  exhaustLowLimitKey,
  requireLowLimitKey,
  sendWithLowLimitKey,
  skipIfDayBinds,
} from './support/low-limit-key.ts';
import { requireRateLimitHeaders } from './support/rate-limit-headers.ts';

export const retryAfterHonoured = defineCheck({
  id: 'RATE-LIMIT-RETRY-AFTER-HONOURED',
  area: 'rate-limit',
  source: '§8 ("the client waits the number of seconds in Retry-After"); §7 response headers, Retry-After',
  level: 'must',
  title: 'A request sent after waiting Retry-After seconds is accepted',
  covers: ['S8.429', 'S7.H.RETRYAFTER'],
  exhausting: true,
  async run(ctx) {
    requireLowLimitKey(ctx);
    // Usually still refused from RATE-LIMIT-REFUSED-WHEN-EXHAUSTED, which runs just before.
    let refused = await sendWithLowLimitKey(ctx);
    if (refused.status !== 429) refused = await exhaustLowLimitKey(ctx);
    expectStatus(refused, 429);
    skipIfDayBinds(ctx, refused, requireRateLimitHeaders(ctx, refused));
    const retryAfter = Number(
      expectHeader(refused, 'Retry-After', /^\s*\d+\s*$/, 'Retry-After: an integer number of seconds (§7)'),
    );
    if (retryAfter > 65) ctx.skip(`Retry-After is ${retryAfter} s: longer than the suite waits`);
    // One second more: Retry-After is whole seconds, rounded either way.
    ctx.log(`waiting Retry-After ${retryAfter} s + 1 s`);
    await ctx.wait((retryAfter + 1) * 1000, `Retry-After ${retryAfter} s (+1 s), then one request`);
    const retried = await sendWithLowLimitKey(ctx);
    if (retried.status === 429) skipIfDayBinds(ctx, retried, requireRateLimitHeaders(ctx, retried));
    expectStatus(retried, 200, `GET /tags ${retryAfter + 1} s after Retry-After: ${retryAfter}`);
  },
});
