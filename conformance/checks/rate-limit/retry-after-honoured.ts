import { defineCheck } from '../../src/core/check.ts';
import { expectHeader, expectStatus } from '../../src/core/expect.ts';
import {
  exhaustLowLimitKey,
  requireLowLimitKey,
  sendWithLowLimitKey,
  skipIfDayBinds,
} from './support/low-limit-key.ts';
import { requireRateLimitHeaders } from './support/rate-limit-headers.ts';

/** Requests the run must still have for the further requests in the window waited for. */
const SPARE_REQUESTS = 50;

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
    // When the budget has room (not in a 200-request run, whose every request is a must check's):
    // the first answers of a window after a used one, which RATE-LIMIT-REMAINING-HOLDS-IN-WINDOW
    // compares (headers computed from the window before's count show as a rise) — a run shorter
    // than a minute has no others. The primary key's too, now and a second later: the low-limit
    // key's day may be nearly spent by now, and then its Remaining is the day's.
    if (ctx.budgetLeft() >= SPARE_REQUESTS) {
      await ctx.client.get('/tags');
      await ctx.wait(1_100, 'a second, then one more request of each key in the same window');
      await sendWithLowLimitKey(ctx);
      await ctx.client.get('/tags');
    }
  },
});
